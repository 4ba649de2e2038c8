import * as api from '../../shared/api/user.ts';
import { type Binding, handle, handlePublic, reply } from '../http/contracts.ts';
import { resetPassword, sendResetCode } from './password-reset.ts';
import { modifyPassword, openAccount, setEmailStatus, setVersion } from './service.ts';
import { login, logout, userInfo } from './session.ts';

/** `/capi/api/user/*` (spec §7 User). */
export const userRoutes: Binding[] = [
  handlePublic(api.userLogin, ({ deps, input, client }) => login(deps, input, client)),
  handlePublic(api.userSendCode, async ({ deps, input, client }) => reply(null, await sendResetCode(deps, input.email, client.ip))),
  handlePublic(api.userFindPassword, async ({ deps, input, client }) => {
    await resetPassword(deps, input, client.ip);
    return null;
  }),
  handle(api.userInfoGet, ({ actor }) => userInfo(actor.user)),
  handle(api.userModifyPassword, async ({ deps, actor, input, client }) => {
    await modifyPassword(deps, actor, input, client.ip);
    return null;
  }),
  handle(api.userLogout, async ({ deps, actor, client }) => {
    await logout(deps, actor, client);
    return null;
  }),
  handle(api.userGetEmailStatus, ({ actor }) => ({ email_status: actor.user.email_status })),
  handle(api.userSetEmailStatus, ({ deps, actor, input }) => setEmailStatus(deps, actor, input.email_status)),
  handle(api.userSetVersion, ({ deps, actor, input }) => setVersion(deps, actor, input.version)),
  handle(api.userOpen, async ({ deps, actor, input, client }) => {
    await openAccount(deps, actor, input, client.ip);
    return null;
  }),
];
