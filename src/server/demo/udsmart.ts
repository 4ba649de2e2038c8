import { actorOf } from '../accounts/actor.ts';
import { findUserByEmail } from '../accounts/lookup.ts';
import type { Deps } from '../deps.ts';
import { assignSub, bindAccounts, bindCandidates, createBrand, listSubs } from '../udsmart/service.ts';

/**
 * The demo world's UDSmart brands (docs/udsmart.md), made through the UDSmart service as the admin would on
 * `/sxA/udAcct/brand`: one brand per demo customer whose 巨量, 腾讯 and 快手 accounts it binds (the candidates the
 * bind dialog offers, by the customer that authorised them), and the sub-account assigned the first brand — so
 * `/sxA/udAcct/preview` opens on numbers. Runs after the demo ad accounts are authorised; returns the brands made.
 */
const BRANDS = [
  { name: '青禾服饰', logo_text: '青禾', customer: '杭州青禾服饰有限公司' },
  { name: '优品数码', logo_text: '优品', customer: '深圳优品数码科技有限公司' },
] as const;

export async function seedDemoBrands(deps: Deps): Promise<number> {
  const [admin, sub] = await Promise.all([findUserByEmail(deps.db, 'udsmart@demo.local'), findUserByEmail(deps.db, 'udsub@demo.local')]);
  if (!admin) return 0;
  const actor = actorOf(admin, 'demo-seed');
  const candidates = await bindCandidates(deps, actor, {});
  const made: number[] = [];
  for (const b of BRANDS) {
    const accounts = candidates.filter((a) => a.customer === b.customer && a.brand_id === null).map((a) => a.id);
    if (!accounts.length) continue;
    const brand = await createBrand(deps, actor, { name: b.name, logo_text: b.logo_text }, 'demo-seed');
    await bindAccounts(deps, actor, { id: brand.id, account_ids: accounts }, 'demo-seed');
    made.push(brand.id);
  }
  // added to what the sub-account has: the seed runs in the background after the demo accounts are authorised, and
  // must not take back a brand or account the admin assigned in the meantime
  const now = sub ? (await listSubs(deps, actor)).find((s) => s.id === sub.id) : undefined;
  if (sub && now && made[0] !== undefined)
    await assignSub(
      deps,
      actor,
      { sub_id: sub.id, brand_ids: [...new Set([...now.brand_ids, made[0]])], account_ids: now.account_ids },
      'demo-seed',
    );
  return made.length;
}
