import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/server/kernel/clock.ts';
import type { Envelope } from '../../src/shared/codes.ts';
import type { Certificate } from '../../src/shared/exports.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';
import { loginAs, makeUser } from '../support/factories.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe.each(dialects().slice(0, 1))('object storage upload credential on $name', (dialect) => {
  let t: TestApp;
  let token: string;
  let userId: number;
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await makeTestApp(dialect, { UPLOAD_MAX_BYTES: '2048', PUBLIC_BASE_URL: 'https://tf.example.cn' }, { clock });
    const u = await makeUser(t.deps, { email: 'uploader@x.cn' });
    userId = u.id;
    token = await loginAs(t, u.email);
  });
  afterAll(() => t.close());

  const certificate = async (purpose?: string): Promise<Envelope<Certificate>> => {
    const res = await t.app.request(`/capi/api/oss/certificate${purpose ? `?purpose=${purpose}` : ''}`, {
      headers: { authorization: token },
    });
    return (await res.json()) as Envelope<Certificate>;
  };
  const upload = async (fields: Record<string, string>, file: Blob, name = 'a.png'): Promise<{ status: number; body: Envelope }> => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    form.set('file', file, name);
    const res = await t.app.request('/capi/oss/upload', { method: 'POST', body: form });
    return { status: res.status, body: (await res.json()) as Envelope };
  };
  const formOf = (c: Certificate, key: string) => ({ key, policy: c.policy, signature: c.signature, OSSAccessKeyId: c.accessid });

  it('issues a short-lived credential scoped to the caller’s folder and size, and the local store takes the upload', async () => {
    const r = await certificate('image');
    expect(r.code).toBe(1);
    const c = r.data;
    expect(c).toMatchObject({
      host: 'https://tf.example.cn/capi/oss/upload',
      accessid: 'local',
      dir: `uploads/image/${userId}/`,
      max_bytes: 2048,
    });
    expect(c.expire).toBe(clock.now() + 900);
    expect(JSON.parse(Buffer.from(c.policy, 'base64').toString())).toEqual({
      expiration: new Date(c.expire * 1000).toISOString(),
      conditions: [
        ['starts-with', '$key', c.dir],
        ['content-length-range', 1, 2048],
      ],
    });
    const ok = await upload(formOf(c, `${c.dir}logo-\${filename}`), new Blob([PNG], { type: 'image/png' }), 'my logo.png');
    expect(ok.body).toEqual({
      code: 1,
      msg: '上传成功',
      data: { key: `${c.dir}logo-my_logo.png`, bytes: PNG.length, content_type: 'image/png' },
    });
    expect((await t.deps.storage.get(`${c.dir}logo-my_logo.png`))?.body).toEqual(PNG);
  });

  it('the local store refuses what the credential does not allow', async () => {
    const c = (await certificate('image')).data;
    const png = new Blob([PNG], { type: 'image/png' });
    const cases: Array<[Record<string, string>, Blob, number, string]> = [
      [formOf(c, 'uploads/image/999/x.png'), png, 4003, '上传路径不在凭证允许的目录内'],
      [formOf(c, c.dir), png, 4003, '上传路径不在凭证允许的目录内'],
      [{ ...formOf(c, `${c.dir}x.png`), signature: 'AAAA' }, png, 4003, '上传凭证无效，请重新获取'],
      [
        { ...formOf(c, `${c.dir}x.png`), policy: Buffer.from('{"expiration":"2999-01-01T00:00:00Z"}').toString('base64') },
        png,
        4003,
        '上传凭证无效，请重新获取',
      ],
      [{ ...formOf(c, `${c.dir}x.png`), OSSAccessKeyId: 'someone' }, png, 4003, '上传凭证无效，请重新获取'],
      [formOf(c, `${c.dir}../../etc/passwd`), png, 4000, '存储键不合法'],
      [formOf(c, `${c.dir}x.png`), new Blob(['<script>'], { type: 'text/html' }), 4000, '只能上传 PNG、JPEG、GIF 或 WebP 图片'],
      [formOf(c, `${c.dir}big.png`), new Blob([Buffer.alloc(3000)], { type: 'image/png' }), 4013, '文件大小须在 1 字节到 2 KB 之间'],
      [formOf(c, `${c.dir}empty.png`), new Blob([], { type: 'image/png' }), 4013, '文件大小须在 1 字节到 2 KB 之间'],
    ];
    for (const [fields, file, code, msg] of cases) expect((await upload(fields, file)).body).toMatchObject({ code, msg });
    clock.advance(901_000);
    expect((await upload(formOf(c, `${c.dir}late.png`), png)).body).toMatchObject({ code: 4003, msg: '上传凭证已过期，请重新获取' });
  });

  it('refuses a body over the limit, a form without a file, no session and a bad purpose', async () => {
    const c = (await certificate('file')).data;
    expect(c.dir).toBe(`uploads/file/${userId}/`);
    expect((await upload(formOf(c, `${c.dir}x.bin`), new Blob([Buffer.alloc(200_000)]))).body).toMatchObject({
      code: 4013,
      msg: '文件过大（上限 2 KB）',
    });
    const res = await t.app.request('/capi/oss/upload', { method: 'POST', body: new URLSearchParams(formOf(c, `${c.dir}x`)) });
    expect(((await res.json()) as Envelope).msg).toBe('请选择要上传的文件（字段 file）');
    expect(((await (await t.app.request('/capi/api/oss/certificate')).json()) as Envelope).code).toBe(1009);
    expect((await certificate('video')).msg).toBe('上传用途只能是 file 或 image');
  });
});
