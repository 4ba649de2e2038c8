import { describe, expect, it } from 'vitest';
import { loadAffiliateConfig } from '../../src/server/connectors/affiliate-config.ts';
import { createTaobaoConnector } from '../../src/server/connectors/taobao/index.ts';
import { runningNow, runningNowMs } from '../support/clock.ts';
import { startServer } from './server.ts';

/** The product server serves the affiliate sandbox under /sandbox/<union>/ (SANDBOX on), and not when it is off. */
describe('affiliate sandbox in the product server', () => {
  it('answers connectors at PUBLIC_BASE_URL/sandbox/<union> and issues links back to itself', async () => {
    const s = await startServer({ SANDBOX: 'on' });
    try {
      // on the server's clock (CLOCK_START): the gateway refuses a timestamp ten minutes off its own
      const taobao = createTaobaoConnector(loadAffiliateConfig({}, s.url).taobao, { retries: 0 }, runningNowMs);
      const conv = await taobao.convert({ kind: 'item', id: '6543219999' });
      expect(conv.promotion_url.startsWith(`${s.url}/sandbox/taobao/s.click/t?e=`)).toBe(true);
      const click = await fetch(conv.promotion_url, { redirect: 'manual' });
      expect([click.status, click.headers.get('location')]).toEqual([302, `${s.url}/sandbox/taobao/item/6543219999`]);
      expect((await fetch(conv.image)).headers.get('content-type')).toContain('image/svg+xml');
      // Beside the ad sandbox, a union link's past orders come only from the ad plans that drive it
      // (unions/plan-history.ts): a link no plan carries has no back-filled history.
      const t = runningNow();
      let found = 0;
      for (let from = t - 30 * 86400; from < t; from += 3 * 3600)
        found += (await taobao.pullOrders({ from, to: from + 3 * 3600 }, null, 'create')).orders.length;
      expect(found).toBe(0);
    } finally {
      s.proc.kill('SIGTERM');
      expect(await s.exited).toBe(0);
    }
  });

  it('serves nothing there with SANDBOX=off', async () => {
    const s = await startServer({ SANDBOX: 'off' });
    try {
      const res = await fetch(`${s.url}/sandbox/taobao/img/1234.svg`);
      expect(res.headers.get('content-type') ?? '').not.toContain('image/svg+xml');
    } finally {
      s.proc.kill('SIGTERM');
      await s.exited;
    }
  });
});
