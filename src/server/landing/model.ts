/**
 * What a landing page shows and where it jumps, from a link row. Pure: the Astro layout renders it,
 * unit tests pin it. Only http(s) web URLs are used; app URLs are built here from fixed scheme prefixes.
 */
import type { LinkView } from '../../shared/links.ts';
import { fenToYuan } from '../../shared/money.ts';

/** The link fields a landing page needs. */
export type LandingLinkRow = Pick<
  LinkView,
  | 'pageid'
  | 'platform'
  | 'state'
  | 'itemid'
  | 'item_title'
  | 'item_image'
  | 'item_price'
  | 'isdirect'
  | 'jumptype'
  | 'detaillink'
  | 'smartlink'
  | 'taojimulink'
  | 'couponlink'
  | 'transedlink'
  | 'appid'
  | 'pagepath'
>;

export interface LandingModel {
  /** 'direct': jump at once; 'indirect': item card and a button; 'wx': WeChat mini-app button. */
  mode: 'direct' | 'indirect' | 'wx';
  /** '1' when the inline script should jump without a tap. */
  auto: boolean;
  title: string;
  image: string;
  /** '¥12.90' or ''. */
  price: string;
  /** App URL (scheme) tried first; '' when none. */
  app: string;
  /** Web URL used as fallback and for the button's href; '' when none. */
  web: string;
  coupon: string;
  button: string;
  platformLabel: string;
}

const MAX_URL = 4096;

/** An absolute http(s) URL, normalised by the URL parser, or ''. */
export function safeWebUrl(v: string | null | undefined): string {
  const s = (v ?? '').trim();
  if (!s || s.length > MAX_URL) return '';
  try {
    const u = new URL(s.startsWith('//') ? `https:${s}` : s);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : '';
  } catch {
    return '';
  }
}

export const priceText = (fen: number): string => (Number.isFinite(fen) && fen > 0 ? `¥${fenToYuan(fen).toFixed(2)}` : '');

function webTarget(l: LandingLinkRow): string {
  const byType = l.jumptype === 'taojimu' ? l.taojimulink : l.jumptype === 'smart' ? l.smartlink : l.transedlink || l.detaillink;
  return (
    safeWebUrl(byType) || safeWebUrl(l.transedlink) || safeWebUrl(l.detaillink) || safeWebUrl(l.smartlink) || safeWebUrl(l.taojimulink)
  );
}

/** taobao://host/path… (item pages), tbopen for taojimu and the taobao mini-app. */
export function taobaoApp(web: string, tbopen: boolean): string {
  if (!web) return '';
  if (tbopen) return `tbopen://m.taobao.com/tbopen/index.html?h5Url=${encodeURIComponent(web)}`;
  return `taobao://${web.replace(/^https?:\/\//, '')}`;
}

export function jdApp(web: string): string {
  if (!web) return '';
  return `openapp.jdmobile://virtual?params=${encodeURIComponent(JSON.stringify({ category: 'jump', des: 'm', sourceValue: 'tf', sourceType: 'h5', url: web }))}`;
}

export function pddApp(web: string, itemid: string): string {
  if (web) {
    const u = new URL(web);
    if (/(^|\.)(yangkeduo|pinduoduo)\.com$/.test(u.hostname))
      return `pinduoduo://com.xunmeng.pinduoduo/${u.pathname.replace(/^\//, '')}${u.search}`;
  }
  if (/^\d{1,20}$/.test(itemid)) return `pinduoduo://com.xunmeng.pinduoduo/goods.html?goods_id=${itemid}`;
  return '';
}

/** weixin://dl/business/?appid=…&path=…&query=… (WeChat's plain URL scheme for mini-programs). */
export function wxApp(appid: string, pagepath: string): string {
  const id = appid.trim();
  if (!/^[A-Za-z0-9_]{1,64}$/.test(id)) return '';
  const [path = '', query = ''] = pagepath.trim().replace(/^\//, '').split('?', 2);
  const parts = [`appid=${encodeURIComponent(id)}`];
  if (path) parts.push(`path=${encodeURIComponent(path)}`);
  if (query) parts.push(`query=${encodeURIComponent(query)}`);
  parts.push('env_version=release');
  return `weixin://dl/business/?${parts.join('&')}`;
}

const LABEL: Record<number, string> = { 2: '淘宝', 3: '京东', 4: '淘宝', 5: '拼多多', 6: '微信', 7: '商城', 8: '京东' };

export function landingModel(l: LandingLinkRow): LandingModel {
  // The item's own title only: the link's name (`title`) is the advertiser's internal label, never shown to shoppers.
  const title = l.item_title.slice(0, 200);
  const image = safeWebUrl(l.item_image);
  const price = priceText(Number(l.item_price));
  const coupon = safeWebUrl(l.couponlink);
  const platformLabel = LABEL[l.platform] ?? '商城';
  if (l.platform === 6) {
    const app = wxApp(l.appid, l.pagepath);
    return {
      mode: 'wx',
      auto: l.isdirect === 1 && !!app,
      title,
      image,
      price,
      app,
      web: '',
      coupon: '',
      button: '打开微信小程序',
      platformLabel,
    };
  }
  const web = webTarget(l);
  let app = '';
  if (l.platform === 2) app = taobaoApp(web, l.jumptype === 'taojimu');
  else if (l.platform === 4) app = taobaoApp(web, true);
  else if (l.platform === 3 || l.platform === 8) app = jdApp(web);
  else if (l.platform === 5) app = pddApp(web, l.itemid);
  const direct = l.isdirect === 1;
  return {
    mode: direct ? 'direct' : 'indirect',
    auto: direct && !!(app || web),
    title,
    image,
    price,
    app,
    web,
    coupon,
    button: direct ? `打开${platformLabel}` : '立即购买',
    platformLabel,
  };
}

/**
 * The one inline script of a landing page (constant: link data travels in data-* attributes that Astro
 * escapes, never inside the script). Tries the app URL, falls back to the web URL when the page is still
 * visible after a short wait.
 */
export const JUMP_SCRIPT =
  "(function(){var d=document.body.dataset,a=d.app||'',w=d.web||'',t=0;function go(){if(a){clearTimeout(t);t=setTimeout(function(){if(w&&!document.hidden)location.replace(w)},1600);location.href=a}else if(w)location.replace(w)}document.addEventListener('visibilitychange',function(){if(document.hidden)clearTimeout(t)});var b=document.getElementById('go');if(b)b.addEventListener('click',function(e){if(a||w){e.preventDefault();go()}});if(d.auto==='1')go()})();";
