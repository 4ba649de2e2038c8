import { endpoint } from '../../shared/api/contract.ts';
import type * as api from '../../shared/api/user.ts';

/**
 * The calls the login screen and the session gate make, by address only: importing the contracts themselves
 * would put zod into the first download (login JS budget, tests/e2e/console-size.spec.ts). The type checker
 * holds each path and method to its contract.
 */
export const userLogin = endpoint<typeof api.userLogin>('/capi/api/user/login', 'POST');
export const userInfoGet = endpoint<typeof api.userInfoGet>('/capi/api/user/info', 'POST');
export const userLogout = endpoint<typeof api.userLogout>('/capi/api/user/logout', 'POST');
export const userSetVersion = endpoint<typeof api.userSetVersion>('/capi/api/user/version', 'POST');
