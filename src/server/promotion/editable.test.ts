import { describe, expect, it } from 'vitest';
import { AD_LEVELS } from '../../shared/ad-levels.ts';
import { AD_PLATFORM_KEYS } from '../../shared/ad-platforms.ts';
import { EDITABLE } from '../../shared/promote.ts';
import type { CallAuth } from '../connectors/ad-platform.ts';
import { createAdPlatformConnectors, loadAdPlatformConfig } from '../connectors/config.ts';

/** No network: every request answers an empty success, so only the connectors' own level checks decide. */
const offline = async () => new Response('{"code":0,"data":{}}', { status: 200, headers: { 'content-type': 'application/json' } });
const connectors = createAdPlatformConnectors(loadAdPlatformConfig({}, { publicBaseUrl: 'http://127.0.0.1:9' }), offline);
const auth: CallAuth = { kind: 'token', accessToken: 't' };
const ucAuth: CallAuth = { kind: 'credentials', username: 'u', password: 'p', token: 't' };
const refusedByConnector = async (run: () => Promise<unknown>): Promise<boolean> =>
  run().then(
    () => false,
    (e: Error) => e.message.includes('该平台不提供此操作'),
  );

describe('what the console offers to change is what each connector has a call for', () => {
  for (const p of AD_PLATFORM_KEYS) {
    for (const level of AD_LEVELS) {
      it(`${p} ${level}: budget ${EDITABLE[p].budget.includes(level)}, bid ${EDITABLE[p].bid.includes(level)}`, async () => {
        const c = connectors[p];
        const a = p === 'ucid' ? ucAuth : auth;
        expect(await refusedByConnector(() => c.updateBudget!(a, '1', level, '2', 30000))).toBe(!EDITABLE[p].budget.includes(level));
        expect(await refusedByConnector(() => c.updateBid!(a, '1', level, '2', 100))).toBe(!EDITABLE[p].bid.includes(level));
      });
    }
  }
});
