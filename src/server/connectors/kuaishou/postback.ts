/**
 * 快手 conversion postback: `GET {postbackBase}/track/activate?callback&event_type&event_time(ms)&purchase_amount(yuan)`
 * → `{"result": 1}` (anything else is a refusal). `__CALLBACK__` is replaced by an http address; what goes back as
 * `callback` is the `callback` parameter inside it, not the address (bububa/kwai-marketing-api@3c6f336
 * model/track/activate_request.go, api/track/activate.go). A landing page's `callback` value is that parameter
 * already. Event types are agreed per account with 快手; this table is the one place to change them.
 */

import { fenToYuan } from '../../../shared/money.ts';
import type { Conversion } from '../ad-platform.ts';
import { type ConnectorConfig, type ConnectorKit, trimBase } from '../common.ts';
import { ConnectorError } from '../errors.ts';
import { objectBody } from '../http.ts';

export const KUAISHOU_EVENTS: Record<Conversion['event'], number> = { order: 14, pay: 3 };

/** The value to send as `callback`: the parameter inside a `__CALLBACK__` address, or the value itself. */
export function kuaishouCallbackParam(callback: string): string {
  const v = callback.trim();
  if (!/^https?:\/\//i.test(v)) return v;
  let inner: string | null;
  try {
    inner = new URL(v).searchParams.get('callback');
  } catch {
    inner = null;
  }
  if (!inner) throw new ConnectorError('kuaishou', 'refused', '快手回传地址中没有 callback 参数，无法回传');
  return inner;
}

export async function kuaishouPostback(cfg: ConnectorConfig, kit: ConnectorKit, conv: Conversion): Promise<void> {
  if (!cfg.postbackBase) throw new ConnectorError('kuaishou', 'protocol', '未配置快手转化回传地址（KUAISHOU_POSTBACK_BASE）');
  await kit.http.call(
    {
      method: 'GET',
      url: `${trimBase(cfg.postbackBase)}/track/activate`,
      query: {
        callback: kuaishouCallbackParam(conv.callback),
        event_type: KUAISHOU_EVENTS[conv.event],
        event_time: conv.timeMs,
        purchase_amount: fenToYuan(conv.amountFen).toFixed(2),
      },
    },
    (answer) => {
      const b = objectBody('kuaishou', answer);
      if (b.result !== 1)
        throw new ConnectorError(
          'kuaishou',
          'refused',
          `快手拒绝了回传：${typeof b.error_msg === 'string' ? b.error_msg : JSON.stringify(b)}`,
        );
    },
  );
}
