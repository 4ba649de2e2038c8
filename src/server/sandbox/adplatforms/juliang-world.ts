/**
 * 巨量 sandbox accounts beyond a plain advertiser: an advertiser on 升级版 (v3.0: 项目 → 广告) and the accounts that
 * hold advertisers — 管家 (账号管家, `advertiser_role` 2, `account_type` CUSTOMER_ADMIN) and 代理商 (3, AGENT).
 * Kept in the world's settings (`model:<id>` 3, `role:<id>`, `parent:<id>`), so the neutral world stays neutral.
 * The calls that answer with them are in juliang-accounts.ts.
 */
import { wireId } from './paging.ts';
import type { World } from './world.ts';

const p = 'juliang';
export type JuliangRole = 'advertiser' | 'majordomo' | 'agent';
const ROLE_CODE: Record<JuliangRole, number> = { advertiser: 1, majordomo: 2, agent: 3 };
const ACCOUNT_TYPE: Record<JuliangRole, string> = { advertiser: 'ADVERTISER', majordomo: 'CUSTOMER_ADMIN', agent: 'AGENT' };

export const isV3 = (world: World, advertiserId: string): boolean => world.setting(p, `model:${advertiserId}`, 2) === 3;
export const roleOf = (world: World, id: string): JuliangRole => {
  const code = world.setting(p, `role:${id}`, 1);
  return code === 2 ? 'majordomo' : code === 3 ? 'agent' : 'advertiser';
};
export const parentOf = (world: World, id: string): string => {
  const v = world.setting(p, `parent:${id}`, 0);
  return v ? String(v) : '';
};
/** The advertisers a 管家 or 代理商 holds. */
export const childrenOf = (world: World, holder: string): string[] =>
  world
    .advertisers(p)
    .filter((a) => parentOf(world, a.id) === holder)
    .map((a) => a.id);

/** Seeding: mark a juliang advertiser as 升级版, or as a 管家 / 代理商 holding `children`. */
export function markJuliang(world: World, id: string, a: { model?: 'v2' | 'v3'; role?: JuliangRole }, children: string[]): void {
  if (a.model === 'v3') world.setSetting(p, `model:${id}`, 3);
  if (a.role && a.role !== 'advertiser') world.setSetting(p, `role:${id}`, ROLE_CODE[a.role]);
  for (const c of children) world.setSetting(p, `parent:${c}`, Number(id));
}

/** An advertiser a grant reaches: granted itself, or held by a granted 管家 / 代理商. */
export const reaches = (world: World, granted: readonly string[], advertiserId: string): boolean =>
  granted.includes(advertiserId) || (Boolean(parentOf(world, advertiserId)) && granted.includes(parentOf(world, advertiserId)));

/** `oauth2/advertiser/get`'s list item for one granted account: the new fields (account_*) and the older (advertiser_*). */
export function accountItemOf(world: World, id: string) {
  const a = world.advertiser(p, id);
  const role = roleOf(world, id);
  return {
    account_id: wireId(id),
    account_name: a?.name ?? '',
    account_type: ACCOUNT_TYPE[role],
    advertiser_id: wireId(id),
    advertiser_name: a?.name ?? '',
    advertiser_role: ROLE_CODE[role],
    account_role: ACCOUNT_TYPE[role],
    is_valid: true,
  };
}
