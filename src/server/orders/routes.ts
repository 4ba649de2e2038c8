import * as api from '../../shared/api/orders.ts';
import { pddAuthorityNotices } from '../affiliate/pdd-authority.ts';
import { forReads } from '../deps.ts';
import { type Binding, handle } from '../http/contracts.ts';
import { settlePostback } from './postback-settle.ts';
import { orderPath } from './report.ts';
import { linkOrders, linkPostback, orderIndex, orderList, planOrders } from './service.ts';

/**
 * Spec §7 Orders, `/napi/link/order`, `/napi/promote/order`, `/api/land/report`: tenant rules live in the services. The
 * order lists write nothing: on a SQLite file they read on the reader thread while pings arrive (`forReads`).
 */
export const orderRoutes: Binding[] = [
  handle(api.orderIndex, ({ deps, actor, input }) => orderIndex(forReads(deps), actor, input)),
  handle(api.miniputOrder, ({ deps, actor, input }) => orderIndex(forReads(deps), actor, input, true)),
  handle(api.advertiserOrder, ({ deps, actor, input }) => orderList(forReads(deps), actor, 'advertiser', input)),
  handle(api.weiboOrder, ({ deps, actor, input }) => orderList(forReads(deps), actor, 'weibo', input)),
  handle(api.miniadOrder, ({ deps, actor, input }) => orderList(forReads(deps), actor, 'miniad', input)),
  handle(api.linkOrder, ({ deps, actor, input }) => linkOrders(deps, actor, input)),
  handle(api.promoteOrder, ({ deps, actor, input }) => planOrders(deps, actor, input)),
  handle(api.landReport, ({ deps, actor, input }) => orderPath(deps, actor, input.orderid)),
  handle(api.linkPostback, ({ deps, actor, input }) => linkPostback(deps, actor, input)),
  handle(api.postbackSettle, ({ deps, actor, input, client }) => settlePostback(deps, actor, input, client.ip)),
  handle(api.pddAuthority, ({ deps, actor, input }) => pddAuthorityNotices(deps, actor, input)),
];
