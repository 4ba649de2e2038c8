import { Code } from '../../shared/codes.ts';
import { offsetOf } from '../../shared/paging.ts';
import { deriveRole, ROLE } from '../../shared/roles.ts';
import { type BrandView, type SubView, UD_PLATFORMS, type UdAccountView } from '../../shared/udsmart.ts';
import { findUserById, listChildren, usersByIds } from '../accounts/lookup.ts';
import { type AdAccountRow, accountsWhere } from '../ads/directory.ts';
import { type AuditEvent, audit } from '../audit/service.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import type { Deps } from '../deps.ts';
import type { Actor } from '../kernel/actor.ts';
import { AppError, notFound } from '../kernel/errors.ts';
import type { Executor } from '../kernel/executor.ts';
import { udScopeOf } from './scope.ts';
import * as store from './store.ts';

/** Brands, their ad accounts and sub-account assignments (docs/udsmart.md); every change is audited. */

type BrandRow = NonNullable<Awaited<ReturnType<typeof store.findBrand>>>;

/** A brand change in the audit log (no user is its target: the brand is named in before/after). */
async function record(
  db: Executor,
  at: number,
  actor: Actor,
  event: AuditEvent,
  ip: string,
  detail: { before: object; after: object },
): Promise<void> {
  await audit(db, { event, at, actorId: actor.userId, ip, detail: detail as Record<string, unknown> });
}

/** Ad accounts as UDSmart shows them, with the customer that authorised them and their brand. */
export async function accountViews(
  deps: Deps,
  rows: readonly AdAccountRow[],
  brandOf: Map<number, number>,
  brandNames: Map<number, string>,
): Promise<UdAccountView[]> {
  const customers = new Map((await usersByIds(deps.db, [...new Set(rows.map((r) => r.customerid))])).map((u) => [u.id, u]));
  return rows.map((r) => {
    const brand = brandOf.get(r.id);
    return {
      id: r.id,
      platform: r.platform,
      advertiser_id: r.advertiser_id,
      name: r.name,
      customer: customers.get(r.customerid)?.company ?? '',
      brand_id: brand ?? null,
      brand: brand ? (brandNames.get(brand) ?? '') : '',
    };
  });
}

/** One brand the caller owns (role 5); another admin's brand reads as missing. */
async function ownBrand(deps: Deps, actor: Actor, id: number): Promise<BrandRow> {
  const b = await store.findBrand(deps.db, id);
  if (!b || b.owner_id !== actor.userId) throw notFound('品牌不存在');
  return b;
}

export async function listBrands(
  deps: Deps,
  actor: Actor,
  input: { page: number; pagesize: number; exact?: string },
): Promise<{ list: BrandView[]; total: number }> {
  const scope = await udScopeOf(deps.db, actor);
  const ids = actor.role === ROLE.udsmartAdmin ? undefined : scope.brandIds;
  const { rows, total } = await store.brandsOfOwner(
    deps.db,
    scope.ownerId,
    { ids, exact: input.exact || undefined },
    input.pagesize,
    offsetOf(input),
  );
  return { list: await brandViews(deps, scope, rows), total };
}

async function brandViews(deps: Deps, scope: Awaited<ReturnType<typeof udScopeOf>>, rows: readonly BrandRow[]): Promise<BrandView[]> {
  const ids = rows.map((r) => r.id);
  const accountIds = [...scope.accounts].filter(([, b]) => ids.includes(b)).map(([a]) => a);
  const names = new Map(rows.map((r) => [r.id, r.name]));
  const accounts = await accountViews(deps, await accountsWhere(deps.db, { ids: accountIds }), scope.accounts, names);
  const [owners, subs] = await Promise.all([
    usersByIds(deps.db, [...new Set(rows.map((r) => r.owner_id))]),
    store.subCountsOfBrands(deps.db, ids),
  ]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    logo_text: r.logo_text,
    owner: owners.find((o) => o.id === r.owner_id)?.email ?? '',
    accounts: accounts.filter((a) => a.brand_id === r.id),
    sub_count: subs.get(r.id) ?? 0,
    created_at: r.created_at,
  }));
}

const viewOne = async (deps: Deps, actor: Actor, id: number): Promise<BrandView> => {
  const scope = await udScopeOf(deps.db, actor);
  const [view] = await brandViews(deps, scope, [await ownBrand(deps, actor, id)]);
  if (!view) throw notFound('品牌不存在');
  return view;
};

const duplicate = (name: string) => new AppError(Code.conflict, `品牌“${name}”已存在`);

export async function createBrand(deps: Deps, actor: Actor, input: { name: string; logo_text: string }, ip: string): Promise<BrandView> {
  const now = deps.clock.now();
  try {
    const row = await deps.db.transaction().execute(async (tx) => {
      const r = await store.insertBrand(tx, {
        owner_id: actor.userId,
        name: input.name,
        logo_text: input.logo_text,
        created_at: now,
        updated_at: now,
      });
      await record(tx, deps.clock.now(), actor, 'brand_created', ip, {
        before: {},
        after: { id: r.id, name: r.name, logo_text: r.logo_text },
      });
      return r;
    });
    return viewOne(deps, actor, row.id);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(input.name);
    throw err;
  }
}

export async function updateBrand(
  deps: Deps,
  actor: Actor,
  input: { id: number; name?: string; logo_text?: string },
  ip: string,
): Promise<BrandView> {
  const old = await ownBrand(deps, actor, input.id);
  const after = Object.fromEntries(
    Object.entries({ name: input.name, logo_text: input.logo_text }).filter(
      ([k, v]) => v !== undefined && v !== old[k as 'name' | 'logo_text'],
    ),
  );
  if (Object.keys(after).length === 0) return viewOne(deps, actor, old.id);
  const before = Object.fromEntries(Object.keys(after).map((k) => [k, old[k as 'name' | 'logo_text']]));
  try {
    await deps.db.transaction().execute(async (tx) => {
      await store.updateBrand(tx, old.id, { ...after, updated_at: deps.clock.now() });
      await record(tx, deps.clock.now(), actor, 'brand_updated', ip, { before: { id: old.id, ...before }, after });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(String(input.name));
    throw err;
  }
  return viewOne(deps, actor, old.id);
}

export async function deleteBrand(deps: Deps, actor: Actor, id: number, ip: string): Promise<void> {
  const old = await ownBrand(deps, actor, id);
  await deps.db.transaction().execute(async (tx) => {
    await store.deleteBrand(tx, old.id);
    await record(tx, deps.clock.now(), actor, 'brand_deleted', ip, { before: { id: old.id, name: old.name }, after: {} });
  });
}

/** 巨量, 腾讯 and 快手 accounts the admin may bind: those on no other admin's brand. */
export async function bindCandidates(deps: Deps, actor: Actor, input: { exact?: string; platform?: number }): Promise<UdAccountView[]> {
  const platforms = input.platform !== undefined ? UD_PLATFORMS.filter((p) => p === input.platform) : [...UD_PLATFORMS];
  const rows = await accountsWhere(deps.db, { platforms, exact: input.exact || undefined });
  const foreign = new Set(
    (
      await store.foreignBindings(
        deps.db,
        actor.userId,
        rows.map((r) => r.id),
      )
    ).map((b) => b.ad_account_id),
  );
  const mine = rows.filter((r) => !foreign.has(r.id));
  const bindings = await store.bindingsOfAccounts(
    deps.db,
    mine.map((r) => r.id),
  );
  const brands = await store.brandsOfOwner(deps.db, actor.userId, {}, 10_000, 0);
  return accountViews(
    deps,
    mine.slice(0, 500),
    new Map(bindings.map((b) => [b.ad_account_id, b.brand_id])),
    new Map(brands.rows.map((b) => [b.id, b.name])),
  );
}

export async function bindAccounts(deps: Deps, actor: Actor, input: { id: number; account_ids: number[] }, ip: string): Promise<BrandView> {
  const brand = await ownBrand(deps, actor, input.id);
  const found = await accountsWhere(deps.db, { ids: input.account_ids, platforms: UD_PLATFORMS });
  const missing = input.account_ids.filter((id) => !found.some((a) => a.id === id));
  if (missing.length) throw notFound(`广告账户 ${missing.join('、')} 不存在或不是巨量、腾讯、快手账户`);
  const foreign = await store.foreignBindings(deps.db, actor.userId, input.account_ids);
  if (foreign.length)
    throw new AppError(Code.conflict, `广告账户 ${foreign.map((f) => f.ad_account_id).join('、')} 已绑定到其他 UDSmart 管理员的品牌`);
  const before = (await store.bindingsOfBrands(deps.db, [brand.id])).map((b) => b.ad_account_id).sort((a, b) => a - b);
  await deps.db.transaction().execute(async (tx) => {
    await store.setBrandAccounts(tx, brand.id, input.account_ids, deps.clock.now());
    await record(tx, deps.clock.now(), actor, 'brand_bound', ip, {
      before: { id: brand.id, account_ids: before },
      after: { account_ids: [...input.account_ids].sort((a, b) => a - b) },
    });
  });
  return viewOne(deps, actor, brand.id);
}

const subViewOf = (
  u: { id: number; email: string; username: string; status: number },
  rows: readonly { sub_id: number; brand_id: number; ad_account_id: number }[],
): SubView => ({
  id: u.id,
  email: u.email,
  username: u.username,
  status: u.status === 1 ? 1 : 0,
  brand_ids: rows.filter((r) => r.sub_id === u.id && r.brand_id > 0).map((r) => r.brand_id),
  account_ids: rows.filter((r) => r.sub_id === u.id && r.ad_account_id > 0).map((r) => r.ad_account_id),
});

export async function listSubs(deps: Deps, actor: Actor): Promise<SubView[]> {
  const subs = (await listChildren(deps.db, actor.userId)).filter((u) => deriveRole(u) === ROLE.udsmartSub);
  const rows = await store.assignmentsOfSubs(
    deps.db,
    subs.map((s) => s.id),
  );
  return subs.map((s) => subViewOf(s, rows));
}

/** Set what a sub-account of the caller sees: brands of the caller, accounts bound to them. */
export async function assignSub(
  deps: Deps,
  actor: Actor,
  input: { sub_id: number; brand_ids: number[]; account_ids: number[] },
  ip: string,
): Promise<SubView> {
  const sub = await findUserById(deps.db, input.sub_id);
  if (!sub || sub.parent_id !== actor.userId || deriveRole(sub) !== ROLE.udsmartSub) throw notFound('子账号不存在');
  const scope = await udScopeOf(deps.db, actor);
  const badBrands = input.brand_ids.filter((id) => !scope.brandIds.includes(id));
  if (badBrands.length) throw notFound(`品牌 ${badBrands.join('、')} 不存在`);
  const badAccounts = input.account_ids.filter((id) => !scope.accounts.has(id));
  if (badAccounts.length) throw notFound(`广告账户 ${badAccounts.join('、')} 未绑定到您的品牌`);
  const before = subViewOf(sub, await store.assignmentsOfSubs(deps.db, [sub.id]));
  await deps.db.transaction().execute(async (tx) => {
    await store.setAssignments(tx, sub.id, input.brand_ids, input.account_ids, deps.clock.now());
    await audit(tx, {
      event: 'sub_assigned',
      at: deps.clock.now(),
      userId: sub.id,
      actorId: actor.userId,
      email: sub.email,
      ip,
      detail: {
        before: { brand_ids: before.brand_ids, account_ids: before.account_ids },
        after: { brand_ids: input.brand_ids, account_ids: input.account_ids },
      },
    });
  });
  return subViewOf(sub, await store.assignmentsOfSubs(deps.db, [sub.id]));
}

/** A sub-account moved to another UDSmart admin (or out of UDSmart) keeps nothing of the old one. */
export async function clearAssignments(db: Executor, subId: number): Promise<void> {
  await store.setAssignments(db, subId, [], [], 0);
}
