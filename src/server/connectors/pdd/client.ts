import { createHash } from 'node:crypto';
import { type HttpOptions, obj, requestJson, withRetries } from '../affiliate-http.ts';
import { str } from '../affiliate-units.ts';
import { ConnectorError } from '../errors.ts';

/**
 * 拼多多 open platform router: `POST {base}/api/router` as a form with `type` (the method), `client_id`,
 * `timestamp` (unix seconds), `data_type=JSON`, the method's parameters (objects and lists as JSON text) and `sign`
 * = upper-case MD5 of secret + parameters sorted by name as name+value + secret. The answer is
 * `{"<name>_response": {...}}` (names per method) or `{"error_response": {error_code, error_msg, sub_code, sub_msg}}`.
 */
export function pddSign(params: Record<string, string>, secret: string): string {
  const joined = Object.keys(params)
    .filter((k) => k !== 'sign')
    .sort()
    .map((k) => `${k}${params[k]}`)
    .join('');
  return createHash('md5').update(`${secret}${joined}${secret}`, 'utf8').digest('hex').toUpperCase();
}

export interface PddClientConfig {
  apiBase: string;
  clientId: string;
  clientSecret: string;
  http?: HttpOptions;
  now?: () => number;
}

export type PddParams = Record<string, string | number | boolean | object | undefined>;

export function pddForm(cfg: PddClientConfig, type: string, params: PddParams): Record<string, string> {
  const form: Record<string, string> = {
    type,
    client_id: cfg.clientId,
    timestamp: String(Math.floor((cfg.now?.() ?? Date.now()) / 1000)),
    data_type: 'JSON',
  };
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === '') continue;
    form[k] = typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
  form.sign = pddSign(form, cfg.clientSecret);
  return form;
}

/** 52101–52103 and 70031 are PDD's call-rate limits; 50000 / 50001 its internal errors. */
const RATE_LIMITED = new Set(['52101', '52102', '52103', '70031']);
const TRANSIENT = new Set(['50000', '50001', '50002']);

/** Call one method and return the body under `responseKey`; failures as ConnectorError, retried when transient. */
export function pddCall(cfg: PddClientConfig, type: string, params: PddParams, responseKey: string): Promise<Record<string, unknown>> {
  return withRetries(async () => {
    const body = obj(
      await requestJson(
        'pdd',
        `${cfg.apiBase.replace(/\/$/, '')}/api/router`,
        { method: 'POST', form: pddForm(cfg, type, params) },
        cfg.http,
      ),
    );
    if (body.error_response) {
      const e = obj(body.error_response);
      const code = str(e.error_code);
      const message = `多多进宝接口错误：${str(e.sub_msg) || str(e.error_msg) || '未知错误'}（${code}）`;
      const kind = RATE_LIMITED.has(code) ? 'rate_limited' : TRANSIENT.has(code) ? 'transient' : 'refused';
      throw new ConnectorError('pdd', kind, message, code);
    }
    if (!(responseKey in body)) throw new ConnectorError('pdd', 'protocol', `多多进宝接口返回缺少 ${responseKey}`, 'missing_response');
    return obj(body[responseKey]);
  }, cfg.http);
}
