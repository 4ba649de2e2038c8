/**
 * 拼多多 备案 (issue 20): 多多进宝 pays commission on a promotion link only when the pid + custom_parameters uid it
 * carries is bound to a 拼多多 user (备案). A link's uid is its owner (`c{customerid}`; the link itself is the sid), so
 * each customer binds once per 推广位. The pair is checked when a link is converted (`checkLinkAuthority`) and again
 * every hour while unbound (the `pdd-authority` job); an unbound pair gets the binding link (channel_type 10) and is
 * shown to its customer on the order pages and to admins on the admin home, in Chinese. Facts:
 * connectors/pdd/authority.ts; docs/affiliate-unions.md "拼多多 备案".
 */
import type { Deps } from '../deps.ts';
import type { JobContext, JobResult } from '../jobs/types.ts';
import type { Actor } from '../kernel/actor.ts';
import { errorFields, log } from '../kernel/log.ts';
import { scopeOf } from '../links/scope.ts';
import * as store from './pdd-authority-store.ts';

/** The custom_parameters uid of a customer's 拼多多 links. */
export const pddMemberOf = (customerid: number): string => `c${customerid}`;
/** An unbound pair is asked about again after this long. */
export const RECHECK_SECONDS = 3600;

export const UNBOUND_MESSAGE =
  '该拼多多推广身份尚未在多多进宝备案，通过它的订单可能无法获得佣金。请用拼多多 App 打开备案链接，以推广者账号完成授权备案。';

/** Ask 多多进宝 about one pair and store the answer (and, while unbound, the binding link). Never throws. */
export async function checkPddAuthority(
  deps: Pick<Deps, 'db' | 'clock' | 'affiliates'>,
  pair: { pid: string; uid: string; customerid: number },
): Promise<store.PddAuthorityRow> {
  const now = deps.clock.now();
  const prev = await store.findAuthority(deps.db, pair.pid, pair.uid);
  const base = { ...pair, bound: prev?.bound ?? 0, bind_url: prev?.bind_url ?? '', checked_at: prev?.checked_at ?? 0, updated_at: now };
  let row: Omit<store.PddAuthorityRow, 'created_at'>;
  try {
    const { bound } = await deps.affiliates.pdd.authority(pair.pid, pair.uid);
    const bindUrl = bound ? '' : base.bind_url || (await deps.affiliates.pdd.authorityUrl(pair.pid, pair.uid));
    row = { ...base, bound: bound ? 1 : 0, bind_url: bindUrl, checked_at: now, error: '' };
  } catch (err) {
    log.warn('pdd authority check failed', { pid: pair.pid, uid: pair.uid, ...errorFields(err) });
    row = { ...base, error: (err instanceof Error ? err.message : String(err)).slice(0, 300) };
  }
  await store.saveAuthority(deps.db, row, now);
  return { ...row, created_at: prev?.created_at ?? now };
}

/** At a link's conversion: check its pair unless it is known bound or was looked at within RECHECK_SECONDS. */
export async function checkLinkAuthority(
  deps: Pick<Deps, 'db' | 'clock' | 'affiliates'>,
  pair: { pid: string; uid: string; customerid: number },
): Promise<void> {
  const prev = await store.findAuthority(deps.db, pair.pid, pair.uid);
  if (prev && (prev.bound === 1 || prev.updated_at > deps.clock.now() - RECHECK_SECONDS)) return;
  await checkPddAuthority(deps, pair);
}

/** The `pdd-authority` job: every unbound pair not looked at for RECHECK_SECONDS is asked again. */
export async function recheckPddAuthorities(deps: Deps, ctx: Pick<JobContext, 'signal' | 'yield'>): Promise<JobResult> {
  let rows = 0;
  for (;;) {
    const due = await store.staleUnbound(deps.db, deps.clock.now() - RECHECK_SECONDS + 1, 50);
    for (const r of due) {
      if (ctx.signal.aborted) return { rows };
      await checkPddAuthority(deps, r);
      rows += 1;
    }
    if (due.length < 50) return { rows };
    await ctx.yield();
  }
}

export interface PddAuthorityNotice {
  pid: string;
  uid: string;
  customerid: number;
  bind_url: string;
  checked_at: number;
  error: string;
  message: string;
}

const notice = (r: store.PddAuthorityRow): PddAuthorityNotice => ({
  pid: r.pid,
  uid: r.uid,
  customerid: r.customerid,
  bind_url: r.bind_url,
  checked_at: r.checked_at,
  error: r.error,
  message: r.checked_at === 0 ? `尚未能确认备案状态：${r.error || '多多进宝暂未答复'}` : UNBOUND_MESSAGE,
});

/** The caller's unbound pairs (customers their own, agents their sub-customers', admins all); `recheck` asks again first. */
export async function pddAuthorityNotices(
  deps: Deps,
  actor: Actor,
  input: { recheck?: boolean; page: number; pagesize: number },
): Promise<{ list: PddAuthorityNotice[]; total: number }> {
  const customers = await scopeOf(deps.db, actor);
  if (input.recheck) {
    const mine = await store.unboundOf(deps.db, customers, 20, 0);
    for (const r of mine.rows) await checkPddAuthority(deps, r);
  }
  const { rows, total } = await store.unboundOf(deps.db, customers, input.pagesize, (input.page - 1) * input.pagesize);
  return { list: rows.map(notice), total };
}

/** Every unbound pair (the admin home's 同步健康). */
export async function unboundPddAuthorities(
  deps: Pick<Deps, 'db'>,
  limit: number,
  offset: number,
): Promise<{ list: PddAuthorityNotice[]; total: number }> {
  const { rows, total } = await store.unboundOf(deps.db, null, limit, offset);
  return { list: rows.map(notice), total };
}
