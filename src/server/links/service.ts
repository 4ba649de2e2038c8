import { randomInt } from 'node:crypto';
import type { Updateable } from 'kysely';
import { Code } from '../../shared/codes.ts';
import type { CustomerOption, LinkCreateInput, LinkIndexInput, LinkLogEntry, LinkUpdateInput, LinkView } from '../../shared/links.ts';
import { advertisersByChannel } from '../ads/lookup.ts';
import { saveLinkRegistration } from '../affiliate/links.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import type { Deps } from '../deps.ts';
import type { Actor } from '../kernel/actor.ts';
import { publicBaseUrl } from '../kernel/config.ts';
import { AppError } from '../kernel/errors.ts';
import { checkCombination, deriveItem, monitorUrls, refFromStored } from './derive.ts';
import { requireLink, resolveCustomer, scopeOf } from './scope.ts';
import * as store from './store.ts';
import type { LinksTable } from './tables.ts';
import { diff, loggedFields, toView } from './view.ts';

const base = (deps: Deps) => publicBaseUrl(deps.config);

export async function listLinks(deps: Deps, actor: Actor, input: LinkIndexInput): Promise<{ list: LinkView[]; total: number }> {
  const scope = await scopeOf(deps.db, actor);
  const { page, pagesize, ...filter } = input;
  const { rows, total } = await store.listLinks(deps.db, scope, filter, pagesize, (page - 1) * pagesize);
  const baseUrl = base(deps);
  return { list: rows.map((r) => toView(r, baseUrl)), total };
}

/** How many links the list shows for these filters (exports report progress against it). */
export async function countLinks(deps: Deps, actor: Actor, filter: Omit<LinkIndexInput, 'page' | 'pagesize'>): Promise<number> {
  return store.countLinks(deps.db, await scopeOf(deps.db, actor), filter);
}

/**
 * Every link the list shows for these filters, in the list's order, `pageSize` at a time (exports): keyset
 * pages, so the millionth row costs what the first did and memory holds one page.
 */
export async function* linkPages(
  deps: Deps,
  actor: Actor,
  filter: Omit<LinkIndexInput, 'page' | 'pagesize'>,
  pageSize = 1000,
): AsyncGenerator<LinkView[]> {
  const scope = await scopeOf(deps.db, actor);
  const baseUrl = base(deps);
  let before: number | null = null;
  for (;;) {
    const rows = await store.listLinksBefore(deps.db, scope, filter, before, pageSize);
    if (rows.length === 0) return;
    yield rows.map((r) => toView(r, baseUrl));
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    before = last.id;
  }
}

export async function getLink(deps: Deps, actor: Actor, pageid: string): Promise<LinkView> {
  return toView(await requireLink(deps.db, await scopeOf(deps.db, actor), pageid), base(deps));
}

/** A fresh 9-digit pageid never used before (deleted links keep theirs). */
async function newPageId(deps: Deps): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const id = String(randomInt(100_000_000, 1_000_000_000));
    if (!(await store.pageidTaken(deps.db, id))) return id;
  }
  throw new AppError(Code.internal, '生成推广链接编号失败，请重试');
}

/**
 * `demo`: a link of the demo world (seeding only; the API never sets it). The pageid comes first: the item is
 * converted with the link's own tracking ids (affiliate/links.ts), stored with the link in one transaction.
 */
export async function createLink(deps: Deps, actor: Actor, input: LinkCreateInput, opts: { demo?: boolean } = {}): Promise<LinkView> {
  const scope = await scopeOf(deps.db, actor);
  const customerid = await resolveCustomer(deps.db, actor, scope, input.customerid);
  const { item, customerid: _c, ...fields } = input;
  checkCombination(fields);
  for (let attempt = 0; ; attempt++) {
    const pageid = await newPageId(deps);
    const derived = await deriveItem(deps, { pageid, platform: input.platform, state: input.state, customerid }, item);
    const now = deps.clock.now();
    try {
      const row = await deps.db.transaction().execute(async (tx) => {
        const r = await store.insertLink(tx, {
          ...fields,
          ...derived.fields,
          ...monitorUrls(base(deps), input.state, pageid),
          ...derived.monitors,
          pageid,
          customerid,
          created_by: actor.userId,
          created_at: now,
          updated_at: now,
          deleted_at: null,
          demo: opts.demo ? 1 : 0,
        });
        await saveLinkRegistration(tx, pageid, derived.registration);
        await store.insertLog(tx, { pageid, customerid, actor_id: actor.userId, action: 'create', at: now, ...diff({}, r) });
        return r;
      });
      await deps.linkEvents.emit(row.pageid);
      return getLink(deps, actor, row.pageid);
    } catch (err) {
      // a pageid or adzone taken at the same moment by another request: try again with fresh ones
      if (attempt < 3 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}

/** UDSmart links hold UD monitors per channel: a new channel needs a new conversion, as a new item or platform does. */
const needsConversion = (old: { platform: number; state: number }, merged: { platform: number; state: number }, item: string | undefined) =>
  item !== undefined || merged.platform !== old.platform || (merged.platform === 7 && merged.state !== old.state);

export async function updateLink(deps: Deps, actor: Actor, input: LinkUpdateInput): Promise<LinkView> {
  const scope = await scopeOf(deps.db, actor);
  const old = await requireLink(deps.db, scope, input.pageid);
  const { pageid, item, customerid, ...given } = input;
  const defined = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) as Partial<typeof given>;
  const merged = { ...old, ...defined };
  if (customerid !== undefined && customerid !== old.customerid)
    merged.customerid = await resolveCustomer(deps.db, actor, scope, customerid);
  checkCombination(merged);
  let next: Updateable<LinksTable> = { ...merged };
  if (merged.state !== old.state) next = { ...next, ...monitorUrls(base(deps), merged.state, pageid) };
  let registration: Awaited<ReturnType<typeof deriveItem>>['registration'] | undefined;
  if (needsConversion(old, merged, item)) {
    const derived = await deriveItem(
      deps,
      { pageid, platform: merged.platform, state: merged.state, customerid: merged.customerid },
      item ?? refFromStored(old.itemid, old.platform),
    );
    next = { ...next, ...derived.fields, ...derived.monitors };
    if (!derived.monitors && old.platform === 7) next = { ...next, ...monitorUrls(base(deps), merged.state, pageid) };
    registration = derived.registration;
  }
  const changes = diff(old, next as Partial<store.LinkRow>);
  if (Object.keys(changes.after).length === 0 && registration === undefined) return toView(old, base(deps));
  const patch = Object.fromEntries(Object.keys(changes.after).map((k) => [k, next[k as keyof typeof next]]));
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (tx) => {
    if (Object.keys(patch).length) await store.updateLink(tx, old.id, { ...patch, updated_at: now });
    if (registration !== undefined) await saveLinkRegistration(tx, pageid, registration);
    if (Object.keys(changes.after).length)
      await store.insertLog(tx, { pageid, customerid: old.customerid, actor_id: actor.userId, action: 'update', at: now, ...changes });
  });
  await deps.linkEvents.emit(pageid);
  return getLink(deps, actor, pageid);
}

export async function deleteLink(deps: Deps, actor: Actor, pageid: string): Promise<void> {
  const old = await requireLink(deps.db, await scopeOf(deps.db, actor), pageid);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (tx) => {
    await store.updateLink(tx, old.id, { deleted_at: now, updated_at: now });
    await store.insertLog(tx, {
      pageid,
      customerid: old.customerid,
      actor_id: actor.userId,
      action: 'delete',
      at: now,
      before: { deleted_at: null },
      after: { deleted_at: now },
    });
  });
  await deps.linkEvents.emit(pageid);
}

export async function linkLog(
  deps: Deps,
  actor: Actor,
  input: { pageid: string; page: number; pagesize: number },
): Promise<{ list: LinkLogEntry[]; total: number }> {
  await requireLink(deps.db, await scopeOf(deps.db, actor), input.pageid);
  const { rows, total } = await store.listLog(deps.db, input.pageid, input.pagesize, (input.page - 1) * input.pagesize);
  return {
    list: rows.map((r) => ({
      id: r.id,
      action: r.action,
      actor: r.email ?? '',
      at: Number(r.at),
      before: loggedFields(r.before),
      after: loggedFields(r.after),
    })),
    total,
  };
}

/**
 * Spec §6: only agents pick customers (itself and its sub-customers) with their advertisers per channel; admins get
 * every customer; others none.
 */
export async function customerOptions(deps: Deps, actor: Actor): Promise<CustomerOption[]> {
  if (actor.role !== 1 && actor.role !== 2 && actor.role !== 4) return [];
  const rows = await store.customersByIds(deps.db, await scopeOf(deps.db, actor));
  // An agent's few sub-customers carry their authorised advertisers per channel; an admin's list of every customer does not.
  const advertisers =
    actor.role === 4
      ? await advertisersByChannel(
          deps.db,
          rows.map((r) => r.id),
        )
      : new Map();
  return rows.map((r) => ({ customerid: r.id, company: r.company || r.email, email: r.email, advertisers: advertisers.get(r.id) ?? {} }));
}
