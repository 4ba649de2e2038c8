import { createHash } from 'node:crypto';
import { chinaDateTime } from '../../../shared/china-clock.ts';
import { type HttpOptions, obj, parseJsonLossless, requestJson, withRetries } from '../affiliate-http.ts';
import { str } from '../affiliate-units.ts';
import { ConnectorError } from '../errors.ts';

/**
 * The JD open platform (JOS) router: `POST {base}/routerjson` as a form with `method, app_key, timestamp
 * ("yyyy-MM-dd HH:mm:ss", GMT+8), format=json, v=1.0, sign_method=md5, 360buy_param_json` and `sign`
 * (mimicode/tksdk jdopensdk/client.go @7586d6a). The answer comes in two forms, both read:
 * - as the router sends it (mimicode/tksdk jdopensdk/response/*): `{"<method_with_underscores>_responce": {"code":
 *   "0", "<last segment>Result": "<JSON text>"}}`, the key spelled "responce", the result a JSON string
 *   `{code: 200, message, data, hasMore}`;
 * - as JD's documentation writes it (logerzhu/typed-jd-union-api json-def/*.json @66e704b): the key spelled
 *   "response", the result an object, values as strings, lists wrapped by their element's name.
 * A gateway refusal is `{"error_response": {code, zh_desc, en_desc}}` (or `{code, message}`).
 * Fixtures: tests/fixtures/platforms/jd/.
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
/** The documentation's spelling of the same key. */
export const jdDocumentedResponseKey = (method: string): string => `${method.replace(/\./g, '_')}_response`;
export const jdResultKey = (method: string): string => `${method.slice(method.lastIndexOf('.') + 1)}Result`;

/**
 * The inner result of a router answer, whichever form it came in: the envelope under either spelling, the result
 * under the method's `<last segment>Result` (or its one `…Result` key), as JSON text or an object.
 */
export function jdInnerResult(method: string, body: Record<string, unknown>): Record<string, unknown> {
  const key = [jdResponseKey(method), jdDocumentedResponseKey(method)].find((k) => k in body);
  if (!key) throw new ConnectorError('jd', 'protocol', `京东联盟接口返回缺少 ${jdResponseKey(method)}`, 'missing_response');
  const envelope = obj(body[key]);
  const named = jdResultKey(method);
  const resultKey = named in envelope ? named : Object.keys(envelope).filter((k) => k.endsWith('Result'))[0];
  const result = resultKey === undefined ? undefined : envelope[resultKey];
  if (result && typeof result === 'object' && !Array.isArray(result)) return result as Record<string, unknown>;
  if (typeof result !== 'string') throw new ConnectorError('jd', 'protocol', `京东联盟接口返回缺少 ${key}.${named}`, 'missing_result');
  let parsed: unknown;
  try {
    parsed = parseJsonLossless(result);
  } catch {
    throw new ConnectorError('jd', 'protocol', '京东联盟接口返回的结果不是 JSON', 'bad_result');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new ConnectorError('jd', 'protocol', '京东联盟接口返回的结果不是对象', 'bad_result');
  return parsed as Record<string, unknown>;
}

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

/**
 * Inner result codes (json-def/*.json apiErrorsDTOS): 2002500 系统异常, 2002408 接口降级 and 500 服务系统异常 are worth
 * retrying, 429 is rate limiting; the rest are refusals.
 */
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
      const text = str(e.zh_desc) || str(e.en_desc) || str(e.message) || str(e.msg) || '未知错误';
      throw new ConnectorError('jd', 'refused', `京东联盟接口错误：${text}（${code}）`, code);
    }
    const result = jdInnerResult(method, body);
    const code = str(result.code);
    if (code === '200') return result;
    const message = `京东联盟接口错误：${str(result.message) || str(result.errorMessage) || '未知错误'}（${code}）`;
    if (code === '429') throw new ConnectorError('jd', 'rate_limited', message, code);
    throw new ConnectorError('jd', TRANSIENT.has(code) ? 'transient' : 'refused', message, code);
  }, cfg.http);
}
