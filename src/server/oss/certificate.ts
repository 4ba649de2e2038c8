import { createHmac, timingSafeEqual } from 'node:crypto';
import { Code } from '../../shared/codes.ts';
import type { Certificate } from '../../shared/exports.ts';
import type { Deps } from '../deps.ts';
import type { Actor } from '../kernel/actor.ts';
import { publicBaseUrl } from '../kernel/config.ts';
import { AppError } from '../kernel/errors.ts';

/** How long an upload credential is good for. */
export const CERTIFICATE_SECONDS = 15 * 60;
/** The local store's access id (a real OSS answers its own). */
export const LOCAL_ACCESS_ID = 'local';

interface Policy {
  expiration: string;
  conditions: [['starts-with', '$key', string], ['content-length-range', number, number]];
}

const sign = (deps: Deps, policy: string): string =>
  createHmac('sha256', deps.secrets.tokenSecret).update(`oss-upload\n${policy}`).digest('base64');

/**
 * `/api/oss/certificate`: a credential in the shape of an OSS PostObject policy — the form posts key, policy,
 * signature and the file straight to `host`. It is good for 15 minutes, for keys under the caller's own folder
 * (`uploads/<purpose>/<user id>/`) and files up to `UPLOAD_MAX_BYTES`; the local store checks all three.
 */
export function issueCertificate(deps: Deps, actor: Actor, purpose: 'file' | 'image'): Certificate {
  const expire = deps.clock.now() + CERTIFICATE_SECONDS;
  const dir = `uploads/${purpose}/${actor.userId}/`;
  const max = deps.config.UPLOAD_MAX_BYTES;
  const body: Policy = {
    expiration: new Date(expire * 1000).toISOString(),
    conditions: [
      ['starts-with', '$key', dir],
      ['content-length-range', 1, max],
    ],
  };
  const policy = Buffer.from(JSON.stringify(body)).toString('base64');
  return {
    host: `${publicBaseUrl(deps.config)}/capi/oss/upload`,
    accessid: LOCAL_ACCESS_ID,
    policy,
    signature: sign(deps, policy),
    dir,
    expire,
    max_bytes: max,
  };
}

const refused = (msg: string) => new AppError(Code.forbidden, msg);

/** '10 MB', '1.5 MB', '512 KB'. */
export const sizeText = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${Number((bytes / 1024 / 1024).toFixed(1))} MB` : `${Math.ceil(bytes / 1024)} KB`;

/** Check a posted form against its policy; answers what the policy allows (the key prefix and the size range). */
export function checkUpload(
  deps: Deps,
  form: { policy?: string; signature?: string; accessid?: string; key?: string; size: number },
): void {
  const { policy = '', signature = '', key = '' } = form;
  const want = Buffer.from(sign(deps, policy));
  const given = Buffer.from(signature);
  if (form.accessid !== LOCAL_ACCESS_ID || !policy || want.length !== given.length || !timingSafeEqual(want, given)) {
    throw refused('上传凭证无效，请重新获取');
  }
  let p: Policy;
  try {
    p = JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as Policy;
  } catch {
    throw refused('上传凭证无效，请重新获取');
  }
  if (Date.parse(p.expiration) < deps.clock.nowMs()) throw refused('上传凭证已过期，请重新获取');
  const [[, , dir], [, min, max]] = p.conditions;
  if (!key.startsWith(dir) || key.length === dir.length) throw refused('上传路径不在凭证允许的目录内');
  if (form.size < min || form.size > max) {
    throw new AppError(Code.payloadTooLarge, `文件大小须在 1 字节到 ${sizeText(max)} 之间`);
  }
}
