import { ossCertificate } from '../../shared/api/exports.ts';
import { ApiError, call } from './api.ts';
import { notify } from './notify.ts';

export interface Uploaded {
  key: string;
  bytes: number;
  content_type: string;
}

const safeName = (name: string): string => {
  const ext = /\.[A-Za-z0-9]{1,8}$/.exec(name)?.[0] ?? '';
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}${ext.toLowerCase()}`;
};

/**
 * Upload one file to object storage the way every upload in the console does: a short-lived credential from
 * `/api/oss/certificate` (scoped to this user's folder and a size), then the form straight to its `host`
 * (docs/api-exports.md). Failures are toasted (like every API failure) and thrown.
 */
export async function uploadFile(file: File, purpose: 'file' | 'image' = 'file'): Promise<Uploaded> {
  const cert = await call(ossCertificate, { purpose });
  if (file.size > cert.max_bytes) {
    const msg = `文件过大（上限 ${Math.floor(cert.max_bytes / 1024 / 1024)} MB）`;
    notify.error(msg);
    throw new ApiError(4013, msg);
  }
  const form = new FormData();
  form.set('key', cert.dir + safeName(file.name));
  form.set('policy', cert.policy);
  form.set('signature', cert.signature);
  form.set('OSSAccessKeyId', cert.accessid);
  form.set('success_action_status', '200');
  form.set('file', file);
  let body: { code?: number; msg?: string; data?: Uploaded } = {};
  try {
    body = (await (await fetch(cert.host, { method: 'POST', body: form, credentials: 'omit' })).json()) as typeof body;
  } catch {
    body = { code: -1, msg: '网络请求发生错误' };
  }
  if (body.code === 1 && body.data) return body.data;
  notify.error(body.msg || '上传失败');
  throw new ApiError(body.code ?? -1, body.msg || '上传失败');
}
