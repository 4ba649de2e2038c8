/**
 * OAuth grants as a real platform keeps them: single-use authorisation codes bound to one app and redirect
 * URI with a short life; access tokens; refresh tokens that rotate (a used refresh token is dead);
 * revocation. Lifetimes come from the platform profile and can be shortened per platform through the
 * admin API (`ttl.access`, `ttl.refresh`, `ttl.code` settings). Each platform file maps the outcomes
 * below to its own error codes.
 */
import { randomBytes } from 'node:crypto';
import type { AdPlatform } from '../../../shared/ad-platforms.ts';
import { PROFILES } from './profiles.ts';
import type { World } from './world.ts';

export interface Grant {
  accessToken: string;
  refreshToken: string;
  appId: string;
  advertiserIds: string[];
  userId: string;
  accessExpiresAt: number;
  refreshExpiresAt: number;
  revoked: boolean;
  rotated: boolean;
}
export type CodeOutcome =
  | { ok: true; grant: Grant }
  | { ok: false; reason: 'unknown' | 'used' | 'expired' | 'foreign' | 'redirect_mismatch' };
export type AccessOutcome = { ok: true; grant: Grant } | { ok: false; reason: 'missing' | 'unknown' | 'expired' | 'revoked' };
export type RefreshOutcome = { ok: true; grant: Grant } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'rotated' | 'foreign' };

const token = (bytes = 20) => randomBytes(bytes).toString('hex');
const toGrant = (r: Record<string, unknown>): Grant => ({
  accessToken: String(r.access_token),
  refreshToken: String(r.refresh_token),
  appId: String(r.app_id),
  advertiserIds: JSON.parse(String(r.advertiser_ids)) as string[],
  userId: String(r.user_id),
  accessExpiresAt: Number(r.access_expires_at),
  refreshExpiresAt: Number(r.refresh_expires_at),
  revoked: r.revoked === 1,
  rotated: r.rotated === 1,
});

export class Grants {
  private readonly world: World;
  private readonly platform: AdPlatform;
  constructor(world: World, platform: AdPlatform) {
    this.world = world;
    this.platform = platform;
  }

  ttl(kind: 'access' | 'refresh' | 'code'): number {
    return this.world.setting(this.platform, `ttl.${kind}`, PROFILES[this.platform].ttl[kind]);
  }

  issueCode(appId: string, advertiserIds: string[], redirectUri: string, userId: string): string {
    const code = token(16);
    this.world.store.run(
      'INSERT INTO codes (platform, code, app_id, advertiser_ids, redirect_uri, user_id, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      this.platform,
      code,
      appId,
      JSON.stringify(advertiserIds),
      redirectUri,
      userId,
      this.world.now() + this.ttl('code'),
    );
    return code;
  }

  /** Redeem a code for tokens (once). `redirectUri` is checked when the platform sends it. */
  redeem(appId: string, code: string, redirectUri?: string): CodeOutcome {
    const r = this.world.store.get('SELECT * FROM codes WHERE platform = ? AND code = ?', this.platform, code);
    if (!r) return { ok: false, reason: 'unknown' };
    if (String(r.app_id) !== appId) return { ok: false, reason: 'foreign' };
    if (Number(r.used_at)) return { ok: false, reason: 'used' };
    if (Number(r.expires_at) <= this.world.now()) return { ok: false, reason: 'expired' };
    if (redirectUri !== undefined && redirectUri !== String(r.redirect_uri)) return { ok: false, reason: 'redirect_mismatch' };
    this.world.store.run('UPDATE codes SET used_at = ? WHERE platform = ? AND code = ?', this.world.now(), this.platform, code);
    return { ok: true, grant: this.issueTokens(appId, JSON.parse(String(r.advertiser_ids)) as string[], String(r.user_id)) };
  }

  issueTokens(appId: string, advertiserIds: string[], userId: string): Grant {
    const now = this.world.now();
    const g: Grant = {
      accessToken: token(),
      refreshToken: token(),
      appId,
      advertiserIds,
      userId,
      accessExpiresAt: now + this.ttl('access'),
      refreshExpiresAt: now + this.ttl('refresh'),
      revoked: false,
      rotated: false,
    };
    this.world.store.run(
      `INSERT INTO tokens (platform, access_token, refresh_token, app_id, advertiser_ids, user_id, access_expires_at, refresh_expires_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      this.platform,
      g.accessToken,
      g.refreshToken,
      appId,
      JSON.stringify(advertiserIds),
      userId,
      g.accessExpiresAt,
      g.refreshExpiresAt,
      now,
    );
    return g;
  }

  check(accessToken: string | undefined | null): AccessOutcome {
    if (!accessToken) return { ok: false, reason: 'missing' };
    const r = this.world.store.get('SELECT * FROM tokens WHERE platform = ? AND access_token = ?', this.platform, accessToken);
    if (!r) return { ok: false, reason: 'unknown' };
    const g = toGrant(r);
    if (g.revoked) return { ok: false, reason: 'revoked' };
    if (g.accessExpiresAt <= this.world.now()) return { ok: false, reason: 'expired' };
    return { ok: true, grant: g };
  }

  /** The grant of a refresh token that may still be used by this app, or why not. */
  private usable(appId: string, refreshToken: string): RefreshOutcome {
    const r = this.world.store.get('SELECT * FROM tokens WHERE platform = ? AND refresh_token = ?', this.platform, refreshToken);
    if (!r) return { ok: false, reason: 'unknown' };
    const g = toGrant(r);
    if (g.appId !== appId) return { ok: false, reason: 'foreign' };
    if (g.revoked) return { ok: false, reason: 'revoked' };
    if (g.rotated) return { ok: false, reason: 'rotated' };
    if (g.refreshExpiresAt <= this.world.now()) return { ok: false, reason: 'expired' };
    return { ok: true, grant: g };
  }

  /** Rotate: a new access + refresh token pair; the old refresh token is dead from now on. */
  refresh(appId: string, refreshToken: string): RefreshOutcome {
    const u = this.usable(appId, refreshToken);
    if (!u.ok) return u;
    const g = u.grant;
    this.world.store.run('UPDATE tokens SET rotated = 1 WHERE platform = ? AND access_token = ?', this.platform, g.accessToken);
    return { ok: true, grant: this.issueTokens(appId, g.advertiserIds, g.userId) };
  }

  /**
   * Refresh without rotating (腾讯's refresh answer names no new refresh token): a new access token bound to the same
   * refresh token and its expiry; access tokens issued before stay valid until they expire (a node still using one
   * is not cut off by another node's refresh).
   */
  refreshKeeping(appId: string, refreshToken: string): RefreshOutcome {
    const u = this.usable(appId, refreshToken);
    if (!u.ok) return u;
    const g = u.grant;
    const fresh: Grant = { ...g, accessToken: token(), accessExpiresAt: this.world.now() + this.ttl('access') };
    this.world.store.tx(() => {
      // the old row keeps its access token; its refresh token moves to the new row
      this.world.store.run(
        "UPDATE tokens SET refresh_token = refresh_token || '#' || access_token, rotated = 1 WHERE platform = ? AND access_token = ?",
        this.platform,
        g.accessToken,
      );
      this.world.store.run(
        `INSERT INTO tokens (platform, access_token, refresh_token, app_id, advertiser_ids, user_id, access_expires_at, refresh_expires_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        this.platform,
        fresh.accessToken,
        refreshToken,
        appId,
        JSON.stringify(g.advertiserIds),
        g.userId,
        fresh.accessExpiresAt,
        g.refreshExpiresAt,
        this.world.now(),
      );
    });
    return { ok: true, grant: fresh };
  }

  /** Admin: end a token's life now (which: access, refresh or both), revoke it, or all tokens of the platform. */
  expire(which: 'access' | 'refresh' | 'both', accessToken?: string): number {
    const t = this.world.now() - 1;
    const set =
      which === 'access'
        ? 'access_expires_at = ?'
        : which === 'refresh'
          ? 'refresh_expires_at = ?'
          : 'access_expires_at = ?, refresh_expires_at = ?';
    const vals = which === 'both' ? [t, t] : [t];
    return accessToken
      ? this.world.store.run(
          `UPDATE tokens SET ${set} WHERE platform = ? AND (access_token = ? OR refresh_token = ?)`,
          ...vals,
          this.platform,
          accessToken,
          accessToken,
        )
      : this.world.store.run(`UPDATE tokens SET ${set} WHERE platform = ?`, ...vals, this.platform);
  }
  revoke(accessToken?: string): number {
    return accessToken
      ? this.world.store.run(
          'UPDATE tokens SET revoked = 1 WHERE platform = ? AND (access_token = ? OR refresh_token = ?)',
          this.platform,
          accessToken,
          accessToken,
        )
      : this.world.store.run('UPDATE tokens SET revoked = 1 WHERE platform = ?', this.platform);
  }

  /** Tencent: a nonce may be used once (kept for the timestamp window). */
  takeNonce(nonce: string, windowSeconds: number): boolean {
    const now = this.world.now();
    this.world.store.run('DELETE FROM nonces WHERE platform = ? AND at < ?', this.platform, now - windowSeconds);
    return this.world.store.run('INSERT OR IGNORE INTO nonces (platform, nonce, at) VALUES (?, ?, ?)', this.platform, nonce, now) === 1;
  }
}
