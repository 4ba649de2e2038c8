import * as api from '../../shared/api/udsmart.ts';
import { type Binding, handle } from '../http/contracts.ts';
import { accountList, preview, udPageOrders } from './reports.ts';
import { assignSub, bindAccounts, bindCandidates, createBrand, deleteBrand, listBrands, listSubs, updateBrand } from './service.ts';

/** `/capi/napi/udsmart/*` (roles 5 and 6; changes role 5 only): docs/udsmart.md. */
export const udsmartRoutes: Binding[] = [
  handle(api.brandIndex, ({ deps, actor, input }) => listBrands(deps, actor, input)),
  handle(api.brandCreate, ({ deps, actor, input, client }) => createBrand(deps, actor, input, client.ip)),
  handle(api.brandUpdate, ({ deps, actor, input, client }) => updateBrand(deps, actor, input, client.ip)),
  handle(api.brandDelete, async ({ deps, actor, input, client }) => {
    await deleteBrand(deps, actor, input.id, client.ip);
    return null;
  }),
  handle(api.brandBind, ({ deps, actor, input, client }) => bindAccounts(deps, actor, input, client.ip)),
  handle(api.brandCandidates, ({ deps, actor, input }) => bindCandidates(deps, actor, input)),
  handle(api.subIndex, ({ deps, actor }) => listSubs(deps, actor)),
  handle(api.subAssign, ({ deps, actor, input, client }) => assignSub(deps, actor, input, client.ip)),
  handle(api.udPreview, ({ deps, actor, input }) => preview(deps, actor, input)),
  handle(api.udAccounts, ({ deps, actor, input }) => accountList(deps, actor, input)),
  handle(api.udPageOrders, ({ deps, actor, input }) => udPageOrders(deps, actor, input)),
];
