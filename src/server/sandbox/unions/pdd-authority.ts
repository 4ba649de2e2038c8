import { randomBytes } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { Hono } from 'hono';

/**
 * 拼多多 备案 in the sandbox: which pid + custom_parameters uid pairs are bound, the two router methods
 * (`pdd.ddk.member.authority.query` → `authority_query_response.bind`, `pdd.ddk.rp.prom.url.generate` with
 * channel_type 10 → a binding link; bububa/openpdd api/ddk/member_authority_query.go, rp_prom_url_generate.go), the
 * page that link opens (the user confirms there, as in the 拼多多 app), and `POST _admin/authority {pid, uid, bound}`.
 */
type Err = { error_code: number; error_msg: string; sub_code?: string; sub_msg?: string };
const param = (sub_msg: string): Err => ({ error_code: 10000, error_msg: '参数错误', sub_code: 'isv.invalid-parameter', sub_msg });
const PID = /^\d{1,20}_\d{1,20}$/;

function uidOf(custom: string | undefined): string | null {
  try {
    const o = JSON.parse(custom ?? '') as Record<string, unknown>;
    return o && typeof o.uid === 'string' && o.uid ? o.uid : null;
  } catch {
    return null;
  }
}

export function pddBindings(db: DatabaseSync, now: () => number) {
  const isBound = (pid: string, uid: string) => !!db.prepare('SELECT 1 FROM pdd_bindings WHERE pid = ? AND uid = ?').get(pid, uid);
  const bind = (pid: string, uid: string, bound: boolean) => {
    if (bound) db.prepare('INSERT OR IGNORE INTO pdd_bindings (pid, uid, bound_at) VALUES (?, ?, ?)').run(pid, uid, now());
    else db.prepare('DELETE FROM pdd_bindings WHERE pid = ? AND uid = ?').run(pid, uid);
  };
  return { isBound, bind };
}

export function authorityHandlers(bindings: ReturnType<typeof pddBindings>, base: () => string) {
  return {
    'pdd.ddk.member.authority.query': (p: Record<string, string>): Err | [string, Record<string, unknown>] => {
      if (!PID.test(p.pid ?? '')) return param('pid 必填，格式如 1000001_20000002');
      const uid = uidOf(p.custom_parameters);
      if (!uid) return param('custom_parameters 应为含 uid 的 JSON，如 {"uid":"11111"}');
      return ['authority_query_response', { bind: bindings.isBound(p.pid!, uid) ? 1 : 0 }];
    },
    'pdd.ddk.rp.prom.url.generate': (p: Record<string, string>): Err | [string, Record<string, unknown>] => {
      if (p.channel_type !== '10') return param('沙箱只支持 channel_type=10（生成绑定备案链接）');
      let pids: unknown;
      try {
        pids = JSON.parse(p.p_id_list ?? '');
      } catch {
        pids = null;
      }
      if (!Array.isArray(pids) || pids.length !== 1 || !PID.test(String(pids[0]))) return param('p_id_list 应为只含一个推广位的 JSON 数组');
      const uid = uidOf(p.custom_parameters);
      if (!uid) return param('custom_parameters 应为含 uid 的 JSON，如 {"uid":"11111"}');
      const url = `${base()}/authority?pid=${encodeURIComponent(String(pids[0]))}&uid=${encodeURIComponent(uid)}`;
      const short = `${url}&s=${randomBytes(3).toString('hex')}`;
      return ['rp_promotion_url_generate_response', { url_list: [{ url, short_url: short, mobile_url: url, mobile_short_url: short }] }];
    },
  };
}

const esc = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The binding page (GET shows it, POST confirms) and the admin switch. */
export function authorityRoutes(bindings: ReturnType<typeof pddBindings>, secret: string): Hono {
  const app = new Hono();
  const page = (pid: string, uid: string, done: boolean) =>
    `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>多多进宝备案（沙箱）</title></head>
<body style="font-family:sans-serif;max-width:480px;margin:24px auto"><h1 style="font-size:18px">多多进宝推广身份备案（沙箱）</h1>
<p>推广位 ${esc(pid)} · 用户标识 ${esc(uid)}</p>${
      done
        ? '<p>已完成备案授权。</p>'
        : `<form method="post"><input type="hidden" name="pid" value="${esc(pid)}"><input type="hidden" name="uid" value="${esc(uid)}"><button type="submit">同意授权并备案</button></form>`
    }</body></html>`;
  app.get('/authority', (c) => {
    const pid = c.req.query('pid') ?? '';
    const uid = c.req.query('uid') ?? '';
    if (!PID.test(pid) || !uid) return c.text('备案链接无效', 400);
    return c.html(page(pid, uid, bindings.isBound(pid, uid)));
  });
  app.post('/authority', async (c) => {
    const form = new URLSearchParams(await c.req.text());
    const pid = form.get('pid') ?? '';
    const uid = form.get('uid') ?? '';
    if (!PID.test(pid) || !uid) return c.text('备案链接无效', 400);
    bindings.bind(pid, uid, true);
    return c.html(page(pid, uid, true));
  });
  app.post('/_admin/authority', async (c) => {
    if (c.req.header('x-sandbox-key') !== secret) return c.json({ error: '需要沙箱密钥（x-sandbox-key）' }, 401);
    const b = (await c.req.json().catch(() => null)) as { pid?: unknown; uid?: unknown; bound?: unknown } | null;
    if (!b || typeof b.pid !== 'string' || !PID.test(b.pid) || typeof b.uid !== 'string' || !b.uid || typeof b.bound !== 'boolean')
      return c.json({ error: 'pid、uid、bound 必填' }, 400);
    bindings.bind(b.pid, b.uid, b.bound);
    return c.json({ ok: true });
  });
  return app;
}
