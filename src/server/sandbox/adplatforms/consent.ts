/**
 * The consent page of a platform's OAuth: real zh-CN HTML, no script at all. The user ticks the advertiser
 * accounts to grant and approves or refuses; the form posts back here and the user is redirected to the
 * app's `redirect_uri` with the platform's code parameter and `state` — or, on refusal, with
 * `error=access_denied` and `state` (the standard OAuth 2.0 refusal; the platforms' own refusal shapes are
 * not documented publicly).
 */
import type { Context, Hono } from 'hono';
import type { AdPlatform } from '../../../shared/ad-platforms.ts';
import type { Grants } from './grants.ts';
import { PROFILES } from './profiles.ts';
import type { World } from './world.ts';

export interface ConsentSpec {
  platform: AdPlatform;
  /** Query names on the authorise URL. */
  appIdParam: 'app_id' | 'client_id';
  /** The parameter carrying the code back to the app. */
  codeParam: string;
  /** Extra checks on the authorise query (e.g. 微博's response_type=code); a message refuses. */
  check?: (q: Record<string, string>) => string | null;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>
body{font-family:"Noto Sans CJK SC","PingFang SC","Microsoft YaHei",sans-serif;background:#f3f5f8;margin:0;color:#1f2329}
main{max-width:560px;margin:48px auto;background:#fff;border-radius:8px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:32px}
h1{font-size:20px;margin:0 0 8px}p{color:#4e5969;line-height:1.6}ul{list-style:none;padding:0;margin:16px 0;border:1px solid #e5e6eb;border-radius:6px}
li{padding:10px 14px;border-bottom:1px solid #f2f3f5}li:last-child{border-bottom:0}label{display:flex;gap:10px;align-items:center;cursor:pointer}
small{color:#86909c}.row{display:flex;gap:12px;justify-content:flex-end;margin-top:24px}
button{font-size:15px;padding:9px 22px;border-radius:6px;border:1px solid #c9cdd4;background:#fff;cursor:pointer}
button.ok{background:#1664ff;border-color:#1664ff;color:#fff}.err{color:#f53f3f}
.tag{font-size:12px;font-weight:normal;color:#86909c;border:1px solid #e5e6eb;border-radius:4px;padding:1px 6px;margin-left:8px;vertical-align:middle}
</style></head><body><main>${body}</main></body></html>`;
}

const errorPage = (c: Context, title: string, msg: string) =>
  c.html(page(title, `<h1>${esc(title)}</h1><p class="err">${esc(msg)}</p>`), 400);

/** GET `path` shows the page; POST `path` takes the decision. */
export function consentRoutes(app: Hono, path: string, spec: ConsentSpec, world: World, grants: Grants): void {
  const profile = PROFILES[spec.platform];
  const title = `${profile.title} · 授权登录（沙箱）`;

  app.get(path, (c) => {
    const q = c.req.query();
    const appId = q[spec.appIdParam] ?? '';
    if (!appId || !world.appSecret(spec.platform, appId)) return errorPage(c, title, `应用不存在：${spec.appIdParam} 无效`);
    if (!/^https?:\/\/[^\s]+$/i.test(q.redirect_uri ?? '')) return errorPage(c, title, 'redirect_uri 缺失或不是 http(s) 地址');
    const problem = spec.check?.(q);
    if (problem) return errorPage(c, title, problem);
    const advertisers = world.advertisers(spec.platform);
    const items = advertisers.length
      ? advertisers
          .map(
            (a, i) =>
              `<li><label><input type="checkbox" name="advertiser_id" value="${esc(a.id)}"${i === 0 ? ' checked' : ''}> <span>${esc(a.name)}<br><small>账户 ID ${esc(a.id)}</small></span></label></li>`,
          )
          .join('')
      : '<li>此用户名下没有广告账户</li>';
    const hidden = [spec.appIdParam, 'redirect_uri', 'state', 'scope']
      .map((k) => `<input type="hidden" name="${k}" value="${esc(q[k] ?? '')}">`)
      .join('');
    return c.html(
      page(
        title,
        `<h1>${esc(profile.title)} 授权<span class="tag">沙箱环境</span></h1>
<p>应用 <b>${esc(appId)}</b> 申请访问你的广告账户：读取账户、${esc(profile.levelNames.campaign)}、${esc(profile.levelNames.plan)}、创意和数据报表，修改投放状态与预算。</p>
<form method="post" action="">${hidden}<p>请选择授权的广告账户：</p><ul>${items}</ul>
<div class="row"><button type="submit" name="decision" value="deny">拒绝</button><button class="ok" type="submit" name="decision" value="approve">同意授权</button></div></form>`,
      ),
    );
  });

  app.post(path, async (c) => {
    const form = await c.req.formData();
    const field = (k: string) => String(form.get(k) ?? '');
    const appId = field(spec.appIdParam);
    const redirect = field('redirect_uri');
    if (!world.appSecret(spec.platform, appId)) return errorPage(c, title, `应用不存在：${spec.appIdParam} 无效`);
    if (!/^https?:\/\/[^\s]+$/i.test(redirect)) return errorPage(c, title, 'redirect_uri 缺失或不是 http(s) 地址');
    const target = new URL(redirect);
    if (field('decision') !== 'approve') {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', '用户拒绝授权');
    } else {
      const known = new Set(world.advertisers(spec.platform).map((a) => a.id));
      const chosen = form
        .getAll('advertiser_id')
        .map(String)
        .filter((id) => known.has(id));
      if (!chosen.length) return errorPage(c, title, '请至少选择一个广告账户');
      target.searchParams.set(spec.codeParam, grants.issueCode(appId, chosen, redirect, '1'));
    }
    target.searchParams.set('state', field('state'));
    return c.redirect(target.toString(), 302);
  });
}
