import { sql } from 'kysely';
import type { Executor } from '../kernel/executor.ts';

/** UDSmart's own tables: brands, their ad accounts, sub-account assignments (Kysely only). */

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

export async function brandsOfOwner(
  db: Executor,
  ownerId: number,
  f: { ids?: readonly number[]; exact?: string },
  limit: number,
  offset: number,
) {
  let q = db.selectFrom('ud_brands').where('owner_id', '=', ownerId);
  if (f.ids) q = q.where('id', 'in', f.ids.length ? [...f.ids] : [-1]);
  if (f.exact) q = q.where(sql`lower(name)`, 'like', sql`${`%${escapeLike(f.exact.toLowerCase())}%`} escape '\\'`);
  const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await q.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
  return { rows, total };
}

export const findBrand = (db: Executor, id: number) => db.selectFrom('ud_brands').selectAll().where('id', '=', id).executeTakeFirst();

export const brandIdsOfOwner = async (db: Executor, ownerId: number): Promise<number[]> =>
  (await db.selectFrom('ud_brands').select('id').where('owner_id', '=', ownerId).orderBy('id', 'desc').execute()).map((r) => r.id);

export const insertBrand = (
  db: Executor,
  row: { owner_id: number; name: string; logo_text: string; created_at: number; updated_at: number },
) => db.insertInto('ud_brands').values(row).returningAll().executeTakeFirstOrThrow();

export async function updateBrand(
  db: Executor,
  id: number,
  patch: { name?: string; logo_text?: string; updated_at: number },
): Promise<void> {
  await db.updateTable('ud_brands').set(patch).where('id', '=', id).execute();
}

/** A brand and everything hanging off it: its account bindings and the assignments of it or its accounts. */
export async function deleteBrand(db: Executor, id: number): Promise<void> {
  const accounts = (await db.selectFrom('ud_brand_accounts').select('ad_account_id').where('brand_id', '=', id).execute()).map(
    (r) => r.ad_account_id,
  );
  if (accounts.length) await db.deleteFrom('ud_assignments').where('ad_account_id', 'in', accounts).execute();
  await db.deleteFrom('ud_assignments').where('brand_id', '=', id).execute();
  await db.deleteFrom('ud_brand_accounts').where('brand_id', '=', id).execute();
  await db.deleteFrom('ud_brands').where('id', '=', id).execute();
}

export const bindingsOfBrands = (db: Executor, brandIds: readonly number[]) =>
  brandIds.length
    ? db
        .selectFrom('ud_brand_accounts')
        .selectAll()
        .where('brand_id', 'in', [...brandIds])
        .execute()
    : Promise.resolve([]);

export const bindingsOfAccounts = (db: Executor, accountIds: readonly number[]) =>
  accountIds.length
    ? db
        .selectFrom('ud_brand_accounts')
        .selectAll()
        .where('ad_account_id', 'in', [...accountIds])
        .execute()
    : Promise.resolve([]);

/** Bindings of accounts to brands that belong to someone else than `ownerId`. */
export const foreignBindings = (db: Executor, ownerId: number, accountIds: readonly number[]) =>
  accountIds.length
    ? db
        .selectFrom('ud_brand_accounts')
        .innerJoin('ud_brands', 'ud_brands.id', 'ud_brand_accounts.brand_id')
        .select(['ud_brand_accounts.ad_account_id', 'ud_brands.owner_id'])
        .where('ud_brand_accounts.ad_account_id', 'in', [...accountIds])
        .where('ud_brands.owner_id', '!=', ownerId)
        .execute()
    : Promise.resolve([]);

/** Replace a brand's accounts: accounts taken from the owner's other brands move; dropped accounts lose their direct assignments. */
export async function setBrandAccounts(db: Executor, brandId: number, accountIds: readonly number[], now: number): Promise<void> {
  const old = (await bindingsOfBrands(db, [brandId])).map((b) => b.ad_account_id);
  const dropped = old.filter((id) => !accountIds.includes(id));
  if (dropped.length) {
    await db.deleteFrom('ud_assignments').where('ad_account_id', 'in', dropped).execute();
    await db.deleteFrom('ud_brand_accounts').where('ad_account_id', 'in', dropped).execute();
  }
  const added = accountIds.filter((id) => !old.includes(id));
  if (added.length) {
    await db.deleteFrom('ud_brand_accounts').where('ad_account_id', 'in', added).execute();
    await db
      .insertInto('ud_brand_accounts')
      .values(added.map((ad_account_id) => ({ ad_account_id, brand_id: brandId, created_at: now })))
      .execute();
  }
}

export const assignmentsOfSubs = (db: Executor, subIds: readonly number[]) =>
  subIds.length
    ? db
        .selectFrom('ud_assignments')
        .selectAll()
        .where('sub_id', 'in', [...subIds])
        .execute()
    : Promise.resolve([]);

export async function setAssignments(
  db: Executor,
  subId: number,
  brandIds: readonly number[],
  accountIds: readonly number[],
  now: number,
): Promise<void> {
  await db.deleteFrom('ud_assignments').where('sub_id', '=', subId).execute();
  const rows = [
    ...brandIds.map((brand_id) => ({ sub_id: subId, brand_id, ad_account_id: 0, created_at: now })),
    ...accountIds.map((ad_account_id) => ({ sub_id: subId, brand_id: 0, ad_account_id, created_at: now })),
  ];
  if (rows.length) await db.insertInto('ud_assignments').values(rows).execute();
}

/** Sub-accounts that see each brand (through the brand or one of its accounts). */
export async function subCountsOfBrands(db: Executor, brandIds: readonly number[]): Promise<Map<number, number>> {
  if (!brandIds.length) return new Map();
  const direct = await db
    .selectFrom('ud_assignments')
    .select(['brand_id', 'sub_id'])
    .where('brand_id', 'in', [...brandIds])
    .execute();
  const viaAccount = await db
    .selectFrom('ud_assignments')
    .innerJoin('ud_brand_accounts', 'ud_brand_accounts.ad_account_id', 'ud_assignments.ad_account_id')
    .select(['ud_brand_accounts.brand_id', 'ud_assignments.sub_id'])
    .where('ud_brand_accounts.brand_id', 'in', [...brandIds])
    .execute();
  const subs = new Map<number, Set<number>>();
  for (const r of [...direct, ...viaAccount]) subs.set(r.brand_id, (subs.get(r.brand_id) ?? new Set()).add(r.sub_id));
  return new Map([...subs].map(([b, s]) => [b, s.size]));
}
