/**
 * For the operator's live check (`platform:check`, cli/platform-check.ts): the stored credentials of one authorised
 * advertiser account of a platform, read as they are — no refresh, no state change — so the check is read-only.
 */
import { AD_PLATFORMS, type AdPlatform } from '../../shared/ad-platforms.ts';
import type { CallAuth } from '../connectors/ad-platform.ts';
import { decrypt } from '../crypto.ts';
import type { Deps } from '../deps.ts';
import { accountsWhere } from './directory.ts';
import * as store from './store.ts';

export interface StoredCallAuth {
  advertiserId: string;
  name: string;
  auth: CallAuth;
  /** The authorisation's state (active · reauth …) and when its access token expires (0 for UC's credentials). */
  state: string;
  accessExpiresAt: number;
}

/** The account `advertiserId` (or the first active one) of the platform with its credentials; null when none. */
export async function storedCallAuth(
  deps: Pick<Deps, 'db' | 'secrets'>,
  platform: AdPlatform,
  advertiserId?: string,
): Promise<StoredCallAuth | null> {
  const code = AD_PLATFORMS[platform];
  const accounts = (await accountsWhere(deps.db, { platforms: [code] })).filter(
    (a) => a.active === 1 && (advertiserId ? a.advertiser_id === advertiserId : true),
  );
  const account = accounts.find((a) => a.auth_state === 'active') ?? accounts[0];
  if (!account) return null;
  const row = await store.findAccountAuth(deps.db, code, account.advertiser_id);
  if (!row) return null;
  const key = deps.secrets.encryptionKey;
  const auth: CallAuth =
    platform === 'ucid'
      ? { kind: 'credentials', ...(JSON.parse(decrypt(key, row.credentials_enc)) as { username: string; password: string; token: string }) }
      : { kind: 'token', accessToken: decrypt(key, row.access_token_enc) };
  return { advertiserId: account.advertiser_id, name: account.name, auth, state: row.state, accessExpiresAt: row.access_expires_at };
}
