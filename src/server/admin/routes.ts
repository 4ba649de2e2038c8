import * as api from '../../shared/api/admin.ts';
import { type Binding, handle } from '../http/contracts.ts';
import { listAudit } from './audit-log.ts';
import { assignClient, createClient, extendClient, listClients, sendClientReset, updateClient } from './clients.ts';
import { costOverview } from './cost.ts';
import { adminHome, healthList } from './home.ts';
import { createManager, listManagers, resetManagerPassword, setManagerStatus, updateManager } from './managers.ts';
import { pageOrders } from './page-orders.ts';

/** `/capi/napi/admin/*` (roles 1 and 2; administrator changes role 1 only): docs/api-admin.md. */
export const adminRoutes: Binding[] = [
  handle(api.adminHome, ({ deps, input }) => adminHome(deps, input.days)),
  handle(api.adminHealth, ({ deps, input }) => healthList(deps, input.kind, input)),
  handle(api.clientIndex, ({ deps, input }) => listClients(deps, input)),
  handle(api.clientCreate, ({ deps, actor, input, client }) => createClient(deps, actor, input, client.ip)),
  handle(api.clientUpdate, ({ deps, actor, input, client }) => updateClient(deps, actor, input, client.ip)),
  handle(api.clientExtend, ({ deps, actor, input, client }) => extendClient(deps, actor, input, client.ip)),
  handle(api.clientAssign, ({ deps, actor, input, client }) => assignClient(deps, actor, input, client.ip)),
  handle(api.clientReset, async ({ deps, actor, input, client }) => {
    await sendClientReset(deps, actor, input.id, client.ip);
    return null;
  }),
  handle(api.costIndex, ({ deps, input }) => costOverview(deps, input)),
  handle(api.managerIndex, ({ deps, actor, input }) => listManagers(deps, actor, input)),
  handle(api.managerCreate, ({ deps, actor, input }) => createManager(deps, actor, input)),
  handle(api.managerUpdate, ({ deps, actor, input, client }) => updateManager(deps, actor, input, client.ip)),
  handle(api.managerStatus, ({ deps, actor, input, client }) => setManagerStatus(deps, actor, input, client.ip)),
  handle(api.managerPassword, async ({ deps, actor, input, client }) => {
    await resetManagerPassword(deps, actor, input, client.ip);
    return null;
  }),
  handle(api.auditIndex, ({ deps, input }) => listAudit(deps, input)),
  handle(api.agentOrders, ({ deps, input }) => pageOrders(deps, input)),
];
