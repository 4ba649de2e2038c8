/**
 * The sandbox world's entities, platform-neutral: apps and settings, advertisers → campaigns → plans →
 * creatives with budgets, bids, monitor and landing URLs (delivery and reports: world.ts). Statuses are not stored but follow from
 * the facts at the time asked (so they move by themselves): an entity is in audit until its audit ends,
 * then delivering unless rejected; paused when switched off; budget exceeded once today's spend reaches
 * its budget (late in the day for a tight budget), balance insufficient once the advertiser's balance is
 * spent; done after its end. Each platform file renders these states in its own codes.
 */

import type { AdPlatform } from '../../../shared/ad-platforms.ts';
import { chinaDayStart } from '../../../shared/china-clock.ts';
import { type IdKind, type Level, PROFILES } from './profiles.ts';
import type { Row, SandboxStore } from './store.ts';

export type WorldState =
  | 'delivering'
  | 'paused'
  | 'auditing'
  | 'reauditing'
  | 'rejected'
  | 'balance_exceed'
  | 'budget_exceed'
  | 'campaign_budget_exceed'
  | 'campaign_paused'
  | 'plan_paused'
  | 'not_started'
  | 'done'
  | 'deleted';

export interface Advertiser {
  id: string;
  name: string;
  balanceFen: number;
  username: string | null;
  password: string | null;
  apiToken: string | null;
}

export interface Entity {
  platform: AdPlatform;
  level: Level;
  id: string;
  advertiserId: string;
  campaignId: string | null;
  planId: string | null;
  name: string;
  enabled: boolean;
  deleted: boolean;
  budgetFen: number | null;
  bidFen: number | null;
  showUrl: string | null;
  clickUrl: string | null;
  landingUrl: string | null;
  materialType: string | null;
  auditUntil: number;
  reaudit: boolean;
  rejected: boolean;
  startAt: number;
  endAt: number;
  weight: number;
  createdAt: number;
  updatedAt: number;
}

export interface NewEntity {
  name: string;
  enabled?: boolean;
  budgetFen?: number | null;
  bidFen?: number | null;
  showUrl?: string | null;
  clickUrl?: string | null;
  landingUrl?: string | null;
  materialType?: string | null;
  auditSeconds?: number;
  rejected?: boolean;
  startAt?: number;
  endAt?: number;
  weight?: number;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const toEntity = (r: Row): Entity => ({
  platform: r.platform as AdPlatform,
  level: r.level as Level,
  id: String(r.id),
  advertiserId: String(r.advertiser_id),
  campaignId: r.campaign_id === null ? null : String(r.campaign_id),
  planId: r.plan_id === null ? null : String(r.plan_id),
  name: String(r.name),
  enabled: r.enabled === 1,
  deleted: r.deleted === 1,
  budgetFen: num(r.budget_fen),
  bidFen: num(r.bid_fen),
  showUrl: r.show_url as string | null,
  clickUrl: r.click_url as string | null,
  landingUrl: r.landing_url as string | null,
  materialType: r.material_type as string | null,
  auditUntil: Number(r.audit_until),
  reaudit: r.reaudit === 1,
  rejected: r.rejected === 1,
  startAt: Number(r.start_at),
  endAt: Number(r.end_at),
  weight: Number(r.weight),
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

export class WorldEntities {
  readonly store: SandboxStore;
  readonly now: () => number;

  constructor(store: SandboxStore, now: () => number = () => Math.floor(Date.now() / 1000)) {
    this.store = store;
    this.now = now;
  }

  ensureApp(platform: AdPlatform, appId: string, secret: string): void {
    this.store.run(
      'INSERT INTO apps (platform, app_id, secret) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET secret = excluded.secret',
      platform,
      appId,
      secret,
    );
  }
  appSecret(platform: AdPlatform, appId: string): string | undefined {
    return this.store.get<{ secret: string }>('SELECT secret FROM apps WHERE platform = ? AND app_id = ?', platform, appId)?.secret;
  }

  setting(platform: AdPlatform, key: string, fallback: number): number {
    const r = this.store.get<{ value: string }>('SELECT value FROM settings WHERE platform = ? AND key = ?', platform, key);
    return r ? Number(r.value) : fallback;
  }
  setSetting(platform: AdPlatform, key: string, value: number): void {
    this.store.run(
      'INSERT INTO settings (platform, key, value) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET value = excluded.value',
      platform,
      key,
      String(value),
    );
  }

  nextId(platform: AdPlatform, kind: IdKind): string {
    const { prefix, digits } = PROFILES[platform].ids[kind];
    this.store.run('INSERT INTO seq (platform, name, value) VALUES (?, ?, 1) ON CONFLICT DO UPDATE SET value = value + 1', platform, kind);
    const n = this.store.get<{ value: number }>('SELECT value FROM seq WHERE platform = ? AND name = ?', platform, kind)!.value;
    return prefix + String(n).padStart(digits - prefix.length, '0');
  }

  addAdvertiser(
    platform: AdPlatform,
    a: { id?: string; name: string; balanceFen: number; username?: string; password?: string; apiToken?: string },
  ): string {
    const id = a.id ?? this.nextId(platform, 'advertiser');
    this.store.run(
      'INSERT INTO advertisers (platform, id, name, balance_fen, username, password, api_token, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      platform,
      id,
      a.name,
      a.balanceFen,
      a.username ?? null,
      a.password ?? null,
      a.apiToken ?? null,
      this.now(),
    );
    return id;
  }
  advertisers(platform: AdPlatform): Advertiser[] {
    return this.store.all('SELECT * FROM advertisers WHERE platform = ? ORDER BY created_at, id', platform).map(toAdvertiser);
  }
  advertiser(platform: AdPlatform, id: string): Advertiser | undefined {
    const r = this.store.get('SELECT * FROM advertisers WHERE platform = ? AND id = ?', platform, id);
    return r ? toAdvertiser(r) : undefined;
  }
  setBalance(platform: AdPlatform, id: string, balanceFen: number): void {
    this.store.run('UPDATE advertisers SET balance_fen = ? WHERE platform = ? AND id = ?', balanceFen, platform, id);
  }

  addEntity(
    platform: AdPlatform,
    level: Level,
    parent: { advertiserId: string; campaignId?: string; planId?: string },
    e: NewEntity,
  ): string {
    const id = this.nextId(platform, level);
    const now = this.now();
    this.store.run(
      `INSERT INTO entities (platform, level, id, advertiser_id, campaign_id, plan_id, name, enabled, budget_fen, bid_fen, show_url, click_url,
        landing_url, material_type, audit_until, rejected, start_at, end_at, weight, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      platform,
      level,
      id,
      parent.advertiserId,
      parent.campaignId ?? null,
      parent.planId ?? null,
      e.name,
      e.enabled === false ? 0 : 1,
      e.budgetFen ?? null,
      e.bidFen ?? null,
      e.showUrl ?? null,
      e.clickUrl ?? null,
      e.landingUrl ?? null,
      e.materialType ?? null,
      now + (e.auditSeconds ?? 0),
      e.rejected ? 1 : 0,
      e.startAt ?? 0,
      e.endAt ?? 0,
      e.weight ?? 1,
      now,
      now,
    );
    return id;
  }
  entity(platform: AdPlatform, level: Level, id: string): Entity | undefined {
    const r = this.store.get('SELECT * FROM entities WHERE platform = ? AND level = ? AND id = ?', platform, level, id);
    return r ? toEntity(r) : undefined;
  }
  /** `entity` remembered for one request (a report names the plan and campaign of each of its thousands of rows). */
  entityLookup(platform: AdPlatform): (level: Level, id: string) => Entity | undefined {
    const seen = new Map<string, Entity | undefined>();
    return (level, id) => {
      const key = `${level}:${id}`;
      if (!seen.has(key)) seen.set(key, this.entity(platform, level, id));
      return seen.get(key);
    };
  }
  /** One advertiser's entities of a level, oldest first; deleted ones only when asked. */
  list(
    platform: AdPlatform,
    level: Level,
    advertiserId: string,
    q: { ids?: string[]; parentId?: string; offset: number; limit: number; withDeleted?: boolean },
  ): { rows: Entity[]; total: number } {
    const where = ['platform = ?', 'level = ?', 'advertiser_id = ?'];
    const params: (string | number)[] = [platform, level, advertiserId];
    if (!q.withDeleted) where.push('deleted = 0');
    if (q.ids?.length) {
      where.push(`id IN (${q.ids.map(() => '?').join(',')})`);
      params.push(...q.ids);
    }
    if (q.parentId) {
      where.push(level === 'creative' ? 'plan_id = ?' : 'campaign_id = ?');
      params.push(q.parentId);
    }
    const w = where.join(' AND ');
    const total = Number(this.store.get<{ n: number }>(`SELECT count(*) AS n FROM entities WHERE ${w}`, ...params)!.n);
    const rows = this.store
      .all(`SELECT * FROM entities WHERE ${w} ORDER BY created_at, id LIMIT ? OFFSET ?`, ...params, q.limit, q.offset)
      .map(toEntity);
    return { rows, total };
  }
  /** Every live plan with a monitor URL, for the delivery engine. */
  plansWithMonitors(): Entity[] {
    return this.store
      .all("SELECT * FROM entities WHERE level = 'plan' AND deleted = 0 AND (show_url IS NOT NULL OR click_url IS NOT NULL)")
      .map(toEntity);
  }
  creativesOf(platform: AdPlatform, planId: string): Entity[] {
    return this.store
      .all("SELECT * FROM entities WHERE platform = ? AND level = 'creative' AND plan_id = ? AND deleted = 0 ORDER BY id", platform, planId)
      .map(toEntity);
  }

  update(
    platform: AdPlatform,
    level: Level,
    id: string,
    set: Partial<Pick<Entity, 'enabled' | 'deleted' | 'budgetFen' | 'bidFen' | 'name'>>,
  ): void {
    const cols: string[] = [];
    const vals: (string | number | null)[] = [];
    if (set.enabled !== undefined) cols.push('enabled = ?'), vals.push(set.enabled ? 1 : 0);
    if (set.deleted !== undefined) cols.push('deleted = ?'), vals.push(set.deleted ? 1 : 0);
    if (set.budgetFen !== undefined) cols.push('budget_fen = ?'), vals.push(set.budgetFen);
    if (set.bidFen !== undefined) cols.push('bid_fen = ?'), vals.push(set.bidFen);
    if (set.name !== undefined) cols.push('name = ?'), vals.push(set.name);
    if (!cols.length) return;
    this.store.run(
      `UPDATE entities SET ${cols.join(', ')}, updated_at = ? WHERE platform = ? AND level = ? AND id = ?`,
      ...vals,
      this.now(),
      platform,
      level,
      id,
    );
  }
  /** Put an entity (back) in audit for `seconds` (a modified plan is re-audited). */
  audit(platform: AdPlatform, level: Level, id: string, seconds: number, reaudit: boolean, rejected = false): void {
    this.store.run(
      'UPDATE entities SET audit_until = ?, reaudit = ?, rejected = ?, updated_at = ? WHERE platform = ? AND level = ? AND id = ?',
      this.now() + seconds,
      reaudit ? 1 : 0,
      rejected ? 1 : 0,
      this.now(),
      platform,
      level,
      id,
    );
  }

  /** Today's (China day) spend of a plan, or of all plans of a campaign. */
  spendTodayFen(platform: AdPlatform, level: 'campaign' | 'plan', id: string): number {
    const since = chinaDayStart(this.now());
    const sql =
      level === 'plan'
        ? 'SELECT coalesce(sum(live_cost_fen + hist_cost_fen), 0) AS s FROM delivery WHERE platform = ? AND plan_id = ? AND hour >= ?'
        : `SELECT coalesce(sum(d.live_cost_fen + d.hist_cost_fen), 0) AS s FROM delivery d JOIN entities e ON e.platform = d.platform AND e.level = 'plan' AND e.id = d.plan_id
         WHERE d.platform = ? AND e.campaign_id = ? AND d.hour >= ?`;
    return Number(this.store.get<{ s: number }>(sql, platform, id, since)!.s);
  }

  state(e: Entity): WorldState {
    const now = this.now();
    if (e.deleted) return 'deleted';
    if (now < e.auditUntil) return e.reaudit ? 'reauditing' : 'auditing';
    if (e.rejected) return 'rejected';
    if (!e.enabled) return 'paused';
    if (e.level === 'creative') {
      const plan = e.planId ? this.entity(e.platform, 'plan', e.planId) : undefined;
      if (!plan) return 'delivering';
      const s = this.state(plan);
      return s === 'paused' ? 'plan_paused' : s;
    }
    if (e.level === 'plan' && e.campaignId) {
      const camp = this.entity(e.platform, 'campaign', e.campaignId);
      if (camp?.deleted) return 'deleted';
      if (camp && !camp.enabled) return 'campaign_paused';
      if (camp?.budgetFen && this.spendTodayFen(e.platform, 'campaign', camp.id) >= camp.budgetFen) return 'campaign_budget_exceed';
    }
    if (e.endAt && now >= e.endAt) return 'done';
    if (e.startAt && now < e.startAt) return 'not_started';
    if ((this.advertiser(e.platform, e.advertiserId)?.balanceFen ?? 0) <= 0) return 'balance_exceed';
    if (e.budgetFen && this.spendTodayFen(e.platform, e.level === 'campaign' ? 'campaign' : 'plan', e.id) >= e.budgetFen)
      return 'budget_exceed';
    return 'delivering';
  }
}

const toAdvertiser = (r: Row): Advertiser => ({
  id: String(r.id),
  name: String(r.name),
  balanceFen: Number(r.balance_fen),
  username: r.username as string | null,
  password: r.password as string | null,
  apiToken: r.api_token as string | null,
});
