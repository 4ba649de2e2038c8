import { MINIAPP_PLATFORMS } from '../../shared/ad-auth.ts';
import { hourStart } from '../../shared/china-clock.ts';
import type { Deps } from '../deps.ts';
import type { Actor } from '../kernel/actor.ts';
import { invalid } from '../kernel/errors.ts';
import { kickSync } from './jobs.ts';
import { ownerFor } from './scope.ts';
import { requireAccount, requireAuth } from './service.ts';
import * as store from './store.ts';
import { requestSync } from './store-sync.ts';

/** 立即同步: the authorisation's accounts sync now (entities, statuses, the recent hours of the report). */
export async function syncNow(deps: Deps, actor: Actor, id: number): Promise<null> {
  const auth = await requireAuth(deps, actor, id);
  if (auth.state === 'cancelled') throw invalid('该授权已取消，请先重新授权');
  if (auth.state === 'reauth') throw invalid('该授权已失效，请先重新授权');
  await requestSync(deps.db, auth.id, hourStart(deps.clock.now()));
  kickSync(deps, 'both');
  return null;
}

/** 淘宝新链接 promotion on or off for one account (old version /api/miniapp/open); 巨量, 微博 and 腾讯 accounts only. */
export async function setMiniappPromotion(deps: Deps, actor: Actor, input: { id: number; status: number }) {
  const account = await requireAccount(deps, actor, input.id);
  await ownerFor(deps.db, actor, account.customerid);
  if (!(MINIAPP_PLATFORMS as readonly number[]).includes(account.platform)) throw invalid('淘宝新链接推广只支持巨量引擎、微博和腾讯账户');
  if (input.status === 1 && account.status === 'cancelled') throw invalid('该账户的授权已取消，请先重新授权');
  await store.setMiniapp(deps.db, account.id, input.status, deps.clock.now());
  return requireAccount(deps, actor, input.id);
}
