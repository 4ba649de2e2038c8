import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as api from '../../shared/api/exports.ts';
import { Code } from '../../shared/codes.ts';
import type { Deps } from '../deps.ts';
import { type Binding, handle } from '../http/contracts.ts';
import type { AppEnv } from '../http/env.ts';
import { fail, ok } from '../http/envelope.ts';
import { checkKey } from '../publish/storage.ts';
import { checkUpload, issueCertificate, sizeText } from './certificate.ts';

export const ossRoutes: Binding[] = [handle(api.ossCertificate, ({ deps, actor, input }) => issueCertificate(deps, actor, input.purpose))];

/** OSS's placeholder for the uploaded file's name in `key`. */
const FILENAME = ['$', '{filename}'].join('');

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/**
 * `POST /capi/oss/upload` — the local object store's form upload (OSS PostObject style): multipart fields
 * `key`, `policy`, `signature`, `OSSAccessKeyId`, then `file`. `${filename}` in the key is replaced by the
 * file's name. Mounted before the API's general body limit: it has its own (`UPLOAD_MAX_BYTES`).
 */
export function mountUpload(app: Hono<AppEnv>, deps: Deps): void {
  app.post(
    '/capi/oss/upload',
    bodyLimit({
      maxSize: deps.config.UPLOAD_MAX_BYTES + 64 * 1024,
      onError: (c) => fail(c, Code.payloadTooLarge, `文件过大（上限 ${sizeText(deps.config.UPLOAD_MAX_BYTES)}）`),
    }),
    async (c) => {
      let form: Record<string, string | File>;
      try {
        form = (await c.req.parseBody()) as Record<string, string | File>;
      } catch {
        return fail(c, Code.invalidInput, '请以 multipart/form-data 表单上传');
      }
      const text = (name: string): string | undefined => (typeof form[name] === 'string' ? (form[name] as string) : undefined);
      const file = form.file;
      if (!(file instanceof File)) return fail(c, Code.invalidInput, '请选择要上传的文件（字段 file）');
      const rawKey = text('key') ?? '';
      const key = rawKey.replace(FILENAME, file.name.replace(/[^A-Za-z0-9._-]/g, '_'));
      checkUpload(deps, { policy: text('policy'), signature: text('signature'), accessid: text('OSSAccessKeyId'), key, size: file.size });
      checkKey(key);
      if (key.startsWith('uploads/image/') && !IMAGE_TYPES.has(file.type))
        return fail(c, Code.invalidInput, '只能上传 PNG、JPEG、GIF 或 WebP 图片');
      const contentType = IMAGE_TYPES.has(file.type) ? file.type : 'application/octet-stream';
      await deps.storage.put(key, Buffer.from(await file.arrayBuffer()), contentType);
      return ok(c, { key, bytes: file.size, content_type: contentType }, '上传成功');
    },
  );
}
