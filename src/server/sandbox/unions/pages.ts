import { type Context, Hono } from 'hono';
import { itemFacts, itemSvg } from './catalog.ts';
import type { LinkRow, UnionName } from './store.ts';
import type { World } from './world.ts';

/**
 * What a shopper sees in the sandbox: the item page a promotion link redirects to, and the item pictures (SVG over
 * HTTP, so landing pages show a real image). Also the shared click step: record the click with its query, IP and
 * user agent, let the shoppers decide, and redirect to the item page.
 */
const UNION_SITE: Record<UnionName, string> = { taobao: '淘宝', ud: '淘宝', jd: '京东', pdd: '拼多多' };
const esc = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
const yuan = (fen: number) => (fen / 100).toFixed(2);

export function itemPage(union: UnionName, base: string, id: string): string {
  const item = itemFacts(union, id);
  const coupon = item.couponFen > 0 ? `<p class="coupon">券 ¥${yuan(item.couponFen)}</p>` : '';
  const presell = item.presell ? `<p class="coupon">预售 · 定金 ¥${yuan(item.depositFen)}</p>` : '';
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(item.title)} - ${UNION_SITE[union]}（沙箱）</title>
<style>body{font-family:sans-serif;margin:0;background:#f4f4f4}main{max-width:480px;margin:auto;background:#fff;min-height:100vh}
img{width:100%;display:block}h1{font-size:18px;margin:12px 16px}.price{color:#e4393c;font-size:24px;margin:0 16px}
.coupon{margin:8px 16px;color:#ff5000}.note{color:#999;font-size:12px;margin:16px}</style></head>
<body><main><img src="${base}/img/${encodeURIComponent(id)}.svg" alt="${esc(item.title)}"><h1>${esc(item.title)}</h1>
<p class="price">¥${yuan(item.priceFen)}</p>${coupon}${presell}<p class="coupon">${esc(item.shopName)}</p>
<p class="note">这是${UNION_SITE[union]}联盟沙箱的商品页：点击已记录，沙箱买家会按规则下单。</p></main></body></html>`;
}

export function pageRoutes(union: UnionName, base: () => string): Hono {
  const app = new Hono();
  app.get('/item/:id', (c) => {
    const id = c.req.param('id');
    if (!/^[\w-]{1,40}$/.test(id)) return c.text('商品不存在', 404);
    return c.html(itemPage(union, base(), id));
  });
  app.get('/img/:file', (c) => {
    const m = /^([\w-]{1,40})\.svg$/.exec(c.req.param('file'));
    if (!m) return c.text('图片不存在', 404);
    return c.body(itemSvg(itemFacts(union, m[1]!)), 200, {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': 'public, max-age=86400',
    });
  });
  return app;
}

export function clientIp(c: Context): string {
  return c.req.header('x-forwarded-for')?.split(',')[0]?.trim() ?? '';
}

/** Record a shopper's click on a link and send them to the item page. */
export function clickAndRedirect(c: Context, world: World, link: LinkRow, base: string, params: Record<string, string>) {
  world.recordClick(link, 'landing', params, clientIp(c), c.req.header('user-agent') ?? '');
  const target = link.kind === 'shop' ? `shop${link.shop_id}` : link.item_id;
  return c.redirect(`${base}/item/${encodeURIComponent(target)}`, 302);
}
