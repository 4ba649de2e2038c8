import { createHash } from 'node:crypto';
import { chinaDateTime } from '../../../shared/china-clock.ts';
import { type HttpOptions, obj, parseJsonLossless, requestJson, withRetries } from '../affiliate-http.ts';
import { str } from '../affiliate-units.ts';
import { ConnectorError } from '../errors.ts';

/**
 * The JD open platform (JOS) router: `POST {base}/routerjson` as a form with `method, app_key, timestamp
 * ("yyyy-MM-dd HH:mm:ss", GMT+8), format=json, v=1.0, sign_method=md5, 360buy_param_json` and `sign`. The answer
 * is `{"<method_with_underscores>_responce": {"code": "0", "<last segment>Result": "<JSON text>"}}` — the key is
 * spelled "responce" and the result is a JSON string `{code: 200, message, data, hasMore}` — or a gateway
 * `{"error_response": {code, zh_desc, en_desc}}`.
 */
export function jdSign(params: Record<string, string>, secret: string): string {
  const joined = Object.keys(params)
    .filter((k) => k !== 'sign')
    .sort()
    .map((k) => `${k}${params[k]}`)
    .join('');
  return createHash('md5').update(`${secret}${joined}${secret}`, 'utf8').digest('hex').toUpperCase();
}

export const jdResponseKey = (method: string): string => `${method.replace(/\./g, '_')}_responce`;
export const jdResultKey = (method: string): string => `${method.slice(method.lastIndexOf('.') + 1)}Result`;

export interface JosConfig {
  apiBase: string;
  appKey: string;
  appSecret: string;
  http?: HttpOptions;
  now?: () => number;
}

export function jdForm(cfg: JosConfig, method: string, params: Record<string, unknown>): Record<string, string> {
  const form: Record<string, string> = {
    method,
    app_key: cfg.appKey,
    timestamp: chinaDateTime(Math.floor((cfg.now?.() ?? Date.now()) / 1000)),
    format: 'json',
    v: '1.0',
    sign_method: 'md5',
    '360buy_param_json': JSON.stringify(params),
  };
  form.sign = jdSign(form, cfg.appSecret);
  return form;
}

/** Inner result codes: 2002500 系统异常 and 2002408 降级 are worth retrying, 429 is rate limiting. */
const TRANSIENT = new Set(['2002500', '2002408', '500']);

/** Call one JD Union method and return the parsed inner result (code 200); failures as ConnectorError. */
export function jdCall(cfg: JosConfig, method: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
  return withRetries(async () => {
    const body = obj(
      await requestJson(
        'jd',
        `${cfg.apiBase.replace(/\/$/, '')}/routerjson`,
        { method: 'POST', form: jdForm(cfg, method, params) },
        cfg.http,
      ),
    );
    if (body.error_response) {
      const e = obj(body.error_response);
      const code = str(e.code);
      throw new ConnectorError('jd', 'refused', `京东联盟接口错误：${str(e.zh_desc) || str(e.en_desc) || '未知错误'}（${code}）`, code);
    }
    const envelope = obj(body[jdResponseKey(method)]);
    const text = envelope[jdResultKey(method)];
    if (typeof text !== 'string')
      throw new ConnectorError('jd', 'protocol', `京东联盟接口返回缺少 ${jdResponseKey(method)}.${jdResultKey(method)}`, 'missing_result');
    let result: Record<string, unknown>;
    try {
      result = obj(parseJsonLossless(text));
    } catch {
      throw new ConnectorError('jd', 'protocol', '京东联盟接口返回的结果不是 JSON', 'bad_result');
    }
    const code = str(result.code);
    if (code === '200') return result;
    const message = `京东联盟接口错误：${str(result.message) || str(result.errorMessage) || '未知错误'}（${code}）`;
    if (code === '429') throw new ConnectorError('jd', 'rate_limited', message, code);
    throw new ConnectorError('jd', TRANSIENT.has(code) ? 'transient' : 'refused', message, code);
  }, cfg.http);
}
