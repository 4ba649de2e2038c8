import { MINIAPP_PLATFORMS } from '../../shared/ad-auth.ts';
import * as old from '../../shared/api/accounts.ts';
import * as api from '../../shared/api/auth.ts';
import { type Binding, handle } from '../http/contracts.ts';
import { setMiniappPromotion, syncNow } from './account-actions.ts';
import { cancelAuthorisation, finishAuthorisation, reauthorise, startAuthorisation } from './authorise.ts';
import { accountRuns, agentOverview, authDetail, listAdAccounts, listAuthorisations, requireAccount } from './service.ts';

const WEIBO = 3;

/** `/capi/napi/auth/*` and the old version's `/capi/api/account/*`, `/capi/api/weibo/*`, `/capi/api/miniapp/*` (docs/api-accounts.md). */
export const adRoutes: Binding[] = [
  handle(api.authIndex, ({ deps, actor, input }) => listAuthorisations(deps, actor, input)),
  handle(api.authBlist, async ({ deps, actor, input }) => (await listAdAccounts(deps, actor, input)).list),
  handle(api.authAgentAll, ({ deps, actor, input }) => agentOverview(deps, actor, input.platform)),
  ...[api.authCreate, old.accountCreate].map((c) => handle(c, ({ deps, actor, input }) => startAuthorisation(deps, actor, input))),
  ...[api.authUpdate, old.accountUpdate].map((c) => handle(c, ({ deps, actor, input }) => reauthorise(deps, actor, input))),
  ...[api.authDelete, old.accountDelete].map((c) => handle(c, ({ deps, actor, input }) => cancelAuthorisation(deps, actor, input.id))),
  handle(api.authCallback, ({ deps, actor, input }) => finishAuthorisation(deps, actor, input)),
  handle(api.authDetail, ({ deps, actor, input }) => authDetail(deps, actor, input.id)),
  handle(api.authSync, ({ deps, actor, input }) => syncNow(deps, actor, input.id)),
  handle(api.authRuns, ({ deps, actor, input }) => accountRuns(deps, actor, input)),
  handle(api.authAccount, ({ deps, actor, input }) => requireAccount(deps, actor, input.id)),

  handle(old.accountIndex, ({ deps, actor, input }) => listAdAccounts(deps, actor, { platform: input.source, method: 'agentALL' }, input)),
  handle(old.accountTbauth, ({ deps, actor, input }) => startAuthorisation(deps, actor, input)),
  handle(
    old.accountTblist,
    async ({ deps, actor, input }) => (await listAdAccounts(deps, actor, { platform: input.platform, method: 'agentALL' })).list,
  ),
  handle(old.weiboAuth, ({ deps, actor, input }) => startAuthorisation(deps, actor, { platform: WEIBO, customerid: input.customerid })),
  handle(old.weiboList, async ({ deps, actor }) => (await listAdAccounts(deps, actor, { platform: WEIBO, method: 'agentALL' })).list),
  handle(old.miniappIndex, ({ deps, actor, input }) =>
    listAdAccounts(deps, actor, { platforms: MINIAPP_PLATFORMS, method: 'agentALL' }, input),
  ),
  handle(old.miniappOpen, ({ deps, actor, input }) => setMiniappPromotion(deps, actor, input)),
];
