import { createHash, createHmac } from 'node:crypto';
import { chinaDateTime } from '../../../shared/china-clock.ts';
import { type HttpOptions, obj, requestJson, withRetries } from '../affiliate-http.ts';
import { ConnectorError } from '../errors.ts';

/**
 * The Taobao Open Platform (TOP) gateway, shared by 淘宝联盟 and 阿里妈妈 UD: `POST {base}/router/rest` as a form
 * with `method, app_key, timestamp ("yyyy-MM-dd HH:mm:ss", GMT+8, ±10 min), format=json, v=2.0, sign_method`, an
 * optional `session`, the API's own parameters (objects as JSON strings) and `sign`. The answer is
 * `{"<name>_response": {...}}` or `{"error_response": {code, msg, sub_code, sub_msg}}`.
 */
export type TopSignMethod = 'md5' | 'hmac' | 'hmac-sha256';

/**
 * TOP signature: parameters (without `sign`) sorted by name, concatenated as name+value; md5 wraps the string in
 * the secret and takes MD5, hmac / hmac-sha256 take HMAC keyed by the secret; upper-case hex.
 */
export function topSign(params: Record<string, string>, secret: string, method: TopSignMethod): string {
  const joined = Object.keys(params)
    .filter((k) => k !== 'sign')
    .sort()
    .map((k) => `${k}${params[k]}`)
    .join('');
  if (method === 'md5') return createHash('md5').update(`${secret}${joined}${secret}`, 'utf8').digest('hex').toUpperCase();
  return createHmac(method === 'hmac' ? 'md5' : 'sha256', secret)
    .update(joined, 'utf8')
    .digest('hex')
    .toUpperCase();
}

/** The JSON key of a method's answer: dots to underscores, a leading `taobao_` dropped, `_response` appended. */
export const topResponseKey = (method: string): string => `${method.replace(/\./g, '_').replace(/^taobao_/, '')}_response`;

export interface TopClientConfig {
  /** Platform name for errors and logs ('taobao' or 'ud'). */
  platform: string;
  label: string;
  /** Origin (and path prefix) of the gateway; `/router/rest` is appended. */
  apiBase: string;
  appKey: string;
  appSecret: string;
  signMethod: TopSignMethod;
  /** Authorised session, for the calls that need one (淘宝 sc.* calls). */
  session?: string;
  http?: HttpOptions;
  now?: () => number;
}

export type TopParams = Record<string, string | number | boolean | object | undefined>;

/** Codes (and sub codes) that mean "try again later" and "too many calls". */
const TRANSIENT = new Set(['10', '15', '3001', 'isp.pubrpt-service-unavailable']);
const RATE_LIMITED = new Set(['7', '9100', '3000']);

export function topError(cfg: Pick<TopClientConfig, 'platform' | 'label'>, err: Record<string, unknown>): ConnectorError {
  const code = String(err.code ?? '');
  const sub = String(err.sub_code ?? '');
  const text = String(err.sub_msg || err.msg || '未知错误');
  const message = `${cfg.label}接口错误：${text}（${sub || code}）`;
  if (RATE_LIMITED.has(code) || RATE_LIMITED.has(sub) || sub.startsWith('isv.api-limit') || sub.includes('accesscontrol.limited')) {
    return new ConnectorError(cfg.platform, 'rate_limited', message, sub || code);
  }
  if (TRANSIENT.has(sub) || (sub === '' && TRANSIENT.has(code)) || sub.startsWith('isp.'))
    return new ConnectorError(cfg.platform, 'transient', message, sub || code);
  if (code === '26' || code === '27')
    return new ConnectorError(cfg.platform, 'token_expired', `${cfg.label}授权已失效，需要重新授权（${code}）`, code);
  return new ConnectorError(cfg.platform, 'refused', message, sub || code);
}

/** The form one call sends, signed. */
export function topForm(cfg: TopClientConfig, method: string, params: TopParams): Record<string, string> {
  const now = cfg.now?.() ?? Date.now();
  const form: Record<string, string> = {
    method,
    app_key: cfg.appKey,
    timestamp: chinaDateTime(Math.floor(now / 1000)),
    format: 'json',
    v: '2.0',
    sign_method: cfg.signMethod,
  };
  if (cfg.session) form.session = cfg.session;
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === '') continue;
    form[k] = typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
  form.sign = topSign(form, cfg.appSecret, cfg.signMethod);
  return form;
}

/** Call one TOP method and return the body of its `<name>_response`; failures as ConnectorError, retried when transient. */
export function topCall(cfg: TopClientConfig, method: string, params: TopParams): Promise<Record<string, unknown>> {
  return withRetries(async () => {
    const body = obj(
      await requestJson(
        cfg.platform,
        `${cfg.apiBase.replace(/\/$/, '')}/router/rest`,
        { method: 'POST', form: topForm(cfg, method, params) },
        cfg.http,
      ),
    );
    if (body.error_response) throw topError(cfg, obj(body.error_response));
    const key = topResponseKey(method);
    if (!(key in body)) throw new ConnectorError(cfg.platform, 'protocol', `${cfg.label}接口返回缺少 ${key}`, 'missing_response');
    return obj(body[key]);
  }, cfg.http);
}
