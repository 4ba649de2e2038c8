import type { Executor } from '../kernel/executor.ts';

/** An advertiser account with its authorisation, as every call to the platform needs it. */
export const findAccountAuth = (db: Executor, platform: number, advertiserId: string) =>
  db
    .selectFrom('ad_accounts')
    .innerJoin('ad_auths', 'ad_auths.id', 'ad_accounts.auth_id')
    .select([
      'ad_accounts.id as account_id', 'ad_accounts.customerid', 'ad_accounts.active', 'ad_auths.id as auth_id', 'ad_auths.state',
      'ad_auths.access_token_enc', 'ad_auths.refresh_token_enc', 'ad_auths.access_expires_at', 'ad_auths.refresh_expires_at',
      'ad_auths.credentials_enc',
    ])
    .where('ad_accounts.platform', '=', platform)
    .where('ad_accounts.advertiser_id', '=', advertiserId)
    .executeTakeFirst();

export const findAuthTokens = (db: Executor, authId: number) =>
  db
    .selectFrom('ad_auths')
    .select(['id', 'state', 'access_token_enc', 'refresh_token_enc', 'access_expires_at', 'refresh_expires_at'])
    .where('id', '=', authId)
    .executeTakeFirst();

/**
 * Store refreshed tokens only if nobody refreshed in between (the refresh token rotates: two nodes refreshing
 * at once must not overwrite each other). Returns whether this write won.
 */
export async function swapTokens(
  db: Executor,
  authId: number,
  expectRefreshEnc: string,
  next: { access_token_enc: string; refresh_token_enc: string; access_expires_at: number; refresh_expires_at: number; updated_at: number },
): Promise<boolean> {
  const r = await db
    .updateTable('ad_auths')
    .set({ ...next, state: 'active', last_error: '' })
    .where('id', '=', authId)
    .where('refresh_token_enc', '=', expectRefreshEnc)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function markAuth(db: Executor, authId: number, state: 'active' | 'reauth' | 'cancelled', lastError: string, at: number): Promise<void> {
  await db.updateTable('ad_auths').set({ state, last_error: lastError, updated_at: at }).where('id', '=', authId).execute();
}
