/** Apps a promotion link may end in: the scheme is the target, never fetched. */
export const APP_SCHEMES: Record<string, string> = {
  'taobao:': '淘宝',
  'tbopen:': '淘宝',
  'tmall:': '天猫',
  'openapp.jdmobile:': '京东',
  'pinduoduo:': '拼多多',
  'weixin:': '微信',
  'alipays:': '支付宝',
  'alipay:': '支付宝',
  'snssdk1128:': '抖音',
  'kwai:': '快手',
  'sinaweibo:': '微博',
  'xhsdiscover:': '小红书',
};

const REFUSED = ['javascript:', 'data:', 'file:', 'ftp:', 'about:', 'blob:', 'vbscript:', 'ws:', 'wss:', 'chrome:', 'view-source:'];

/** http(s) is followed; dangerous or non-navigational schemes are refused; any other scheme is an app deep link. */
export function classifyScheme(protocol: string): 'http' | 'app' | 'refused' {
  const p = protocol.toLowerCase();
  if (p === 'http:' || p === 'https:') return 'http';
  if (REFUSED.includes(p)) return 'refused';
  return 'app';
}

export const appLabel = (protocol: string): string => APP_SCHEMES[protocol.toLowerCase()] ?? '未知应用';
