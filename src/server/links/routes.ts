import * as api from '../../shared/api/links.ts';
import { boundAdvertisers } from '../ads/lookup.ts';
import { forReads } from '../deps.ts';
import { linkMetrics, linkStats } from '../facts/link-traffic.ts';
import { type Binding, handle } from '../http/contracts.ts';
import { scopeOf } from './scope.ts';
import { createLink, customerOptions, deleteLink, getLink, linkLog, listLinks, updateLink } from './service.ts';

/**
 * `/capi/napi/link/*` and the old console's `/capi/api/land/*` (spec §7 Links): the same services. Tenant rules live in
 * the services. The list, its numbers and a link's traffic write nothing: on a SQLite file they read on the reader
 * thread while pings arrive (`forReads`).
 */
export const linkRoutes: Binding[] = [
  ...[api.linkIndex, api.landIndex].map((c) => handle(c, ({ deps, actor, input }) => listLinks(forReads(deps), actor, input))),
  handle(api.landV2Index, ({ deps, actor, input: { jump_type, ...rest } }) =>
    listLinks(forReads(deps), actor, { ...rest, isdirect: jump_type }),
  ),
  ...[api.linkCreate, api.landCreate, api.landV2Create].map((c) => handle(c, ({ deps, actor, input }) => createLink(deps, actor, input))),
  ...[api.linkUpdate, api.landUpdate, api.landV2Update].map((c) => handle(c, ({ deps, actor, input }) => updateLink(deps, actor, input))),
  ...[api.linkDelete, api.landDelete, api.landV2Delete].map((c) =>
    handle(c, async ({ deps, actor, input }) => {
      await deleteLink(deps, actor, input.pageid);
      return null;
    }),
  ),
  ...[api.linkDetail, api.landDetail, api.landV2Detail].map((c) =>
    handle(c, ({ deps, actor, input }) => getLink(deps, actor, input.pageid)),
  ),
  handle(api.linkLog, ({ deps, actor, input }) => linkLog(deps, actor, input)),
  handle(api.linkCustomers, ({ deps, actor }) => customerOptions(deps, actor)),
  handle(api.linkStats, ({ deps, actor, input }) => linkStats(forReads(deps), actor, input)),
  handle(api.linkMetrics, ({ deps, actor, input }) => linkMetrics(forReads(deps), actor, input)),
  /** The caller's advertisers (its authorised ad accounts; an agent's include its sub-customers'), optionally of one channel. */
  handle(api.landAdlist, async ({ deps, actor, input }) =>
    (await boundAdvertisers(deps.db, await scopeOf(deps.db, actor), input.state)).map((a) => ({
      advertiser_id: a.advertiser_id,
      advertiser_name: a.advertiser_name,
    })),
  ),
];
