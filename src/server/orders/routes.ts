import * as api from '../../shared/api/orders.ts';
import { pddAuthorityNotices } from '../affiliate/pdd-authority.ts';
import { type Deps, readerOf } from '../deps.ts';
import { type Binding, handle } from '../http/contracts.ts';
import { settlePostback } from './postback-settle.ts';
import { orderPath } from './report.ts';
import { linkOrders, linkPostback, orderIndex, orderList, planOrders } from './service.ts';

/** The order lists write nothing: on a SQLite file they read on the reader thread while pings arrive (db/sqlite-reader.ts). */
const reads = (deps: Deps): Deps => ({ ...deps, db: readerOf(deps) });

/** Spec §7 Orders, `/napi/link/order`, `/napi/promote/order`, `/api/land/report`: tenant rules live in the services. */
export const orderRoutes: Binding[] = [
  handle(api.orderIndex, ({ deps, actor, input }) => orderIndex(reads(deps), actor, input)),
  handle(api.miniputOrder, ({ deps, actor, input }) => orderIndex(reads(deps), actor, input, true)),
  handle(api.advertiserOrder, ({ deps, actor, input }) => orderList(reads(deps), actor, 'advertiser', input)),
  handle(api.weiboOrder, ({ deps, actor, input }) => orderList(reads(deps), actor, 'weibo', input)),
  handle(api.miniadOrder, ({ deps, actor, input }) => orderList(reads(deps), actor, 'miniad', input)),
  handle(api.linkOrder, ({ deps, actor, input }) => linkOrders(deps, actor, input)),
  handle(api.promoteOrder, ({ deps, actor, input }) => planOrders(deps, actor, input)),
  handle(api.landReport, ({ deps, actor, input }) => orderPath(deps, actor, input.orderid)),
  handle(api.linkPostback, ({ deps, actor, input }) => linkPostback(deps, actor, input)),
  handle(api.postbackSettle, ({ deps, actor, input, client }) => settlePostback(deps, actor, input, client.ip)),
  handle(api.pddAuthority, ({ deps, actor, input }) => pddAuthorityNotices(deps, actor, input)),
];
