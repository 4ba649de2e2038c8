/**
 * Test support for the hourly report: hourly ad and order facts, plans and authorisations written as typed rows
 * (the report sync and order sync that will write them come with the ads and orders features; these rows have
 * exactly their tables' types), and reading a multipart e-mail received by the loopback SMTP server.
 */
import { rollupDay, upsertHourly } from '../../src/server/ads/store-facts.ts';
import type { AdFactsHourlyTable } from '../../src/server/ads/tables.ts';
import type { Deps } from '../../src/server/deps.ts';
import type { Db } from '../../src/server/kernel/executor.ts';
import { chinaDayStart } from '../../src/shared/china-clock.ts';

export interface AdFact {
  customerid: number;
  platform: number;
  plan_id: string;
  hour: number;
  cost_fen: number;
  shows?: number;
  clicks?: number;
  conversions?: number;
  pageid?: string;
  advertiser_id?: string;
}

/** Hourly ad facts, and the daily rows (blocks, per-customer days) the report sync's `rollupDay` makes of them. */
export async function insertAdFacts(db: Db, facts: AdFact[]): Promise<void> {
  await db
    .insertInto('ad_facts_hourly')
    .values(
      facts.map((f) => ({
        platform: f.platform,
        advertiser_id: f.advertiser_id ?? `adv-${f.customerid}`,
        customerid: f.customerid,
        campaign_id: `camp-${f.plan_id}`,
        plan_id: f.plan_id,
        pageid: f.pageid ?? '',
        hour: f.hour,
        cost_fen: f.cost_fen,
        shows: f.shows ?? 0,
        clicks: f.clicks ?? 0,
        conversions: f.conversions ?? 0,
        synced_at: f.hour + 600,
      })),
    )
    .execute();
  const days = new Map(facts.map((f) => [`${f.platform}|${f.advertiser_id ?? `adv-${f.customerid}`}|${chinaDayStart(f.hour)}`, f]));
  for (const [key, f] of days) {
    const [platform, advertiserId, day] = key.split('|');
    await rollupDay(db, Number(platform), advertiserId as string, Number(day), f.hour + 600);
  }
}

/** An hourly row of one account's day as a report sync reads it (`syncReportDay` adds the platform, account and sync time). */
export type ReportHour = Omit<AdFactsHourlyTable, 'platform' | 'advertiser_id' | 'synced_at'>;

/**
 * One China day of an account (platform 2) as the report sync stores it: its hours, then the day's daily rows and
 * blocks (`rollupDay`), in one transaction. Returns the hourly rows written.
 */
export async function syncReportDay(
  { db, engine }: Pick<Deps, 'db' | 'engine'>,
  advertiser: string,
  day: number,
  rows: ReportHour[],
): Promise<AdFactsHourlyTable[]> {
  const values = rows.map((r) => ({ ...r, platform: 2, advertiser_id: advertiser, synced_at: day }));
  await db.transaction().execute(async (tx) => {
    await upsertHourly(tx, engine, values);
    await rollupDay(tx, 2, advertiser, day, day);
  });
  return values;
}

export interface OrderFact {
  customerid: number;
  channel: number;
  plan_id: string;
  hour: number;
  orders: number;
  order_fen: number;
  paid_orders?: number;
  paid_fen?: number;
  pageid?: string;
  item_id?: string;
}

export async function insertOrderFacts(db: Db, facts: OrderFact[]): Promise<void> {
  await db
    .insertInto('order_facts_hourly')
    .values(
      facts.map((f) => ({
        customerid: f.customerid,
        pageid: f.pageid ?? '',
        item_id: f.item_id ?? 'item-1',
        channel: f.channel,
        advertiser_id: `adv-${f.customerid}`,
        campaign_id: `camp-${f.plan_id}`,
        plan_id: f.plan_id,
        hour: f.hour,
        orders: f.orders,
        order_fen: f.order_fen,
        paid_orders: f.paid_orders ?? f.orders,
        paid_fen: f.paid_fen ?? f.order_fen,
        commission_fen: 0,
      })),
    )
    .execute();
}

export async function insertPlan(
  db: Db,
  p: { customerid: number; platform: number; entity_id: string; name: string; status: string },
): Promise<void> {
  await db
    .insertInto('ad_entities')
    .values({
      ...p,
      advertiser_id: `adv-${p.customerid}`,
      level: 'plan',
      parent_id: `camp-${p.entity_id}`,
      campaign_id: `camp-${p.entity_id}`,
      raw_status: p.status,
      enabled: p.status === 'delivering' ? 1 : 0,
      budget_fen: null,
      bid_fen: null,
      click_monitor_url: '',
      show_monitor_url: '',
      landing_url: '',
      pageid: '',
      material_type: '',
      created_at: 1,
      updated_at: 1,
      synced_at: 1,
    })
    .execute();
}

/** An advertiser account whose authorisation is in `state` (e.g. 'reauth'); rows stamped `at` (default 1), synced at `at` when given. */
export async function insertAccount(
  db: Db,
  a: { customerid: number; platform: number; advertiser_id: string; name: string; state: string; last_error?: string; at?: number },
): Promise<void> {
  const at = a.at ?? 1;
  const auth = await db
    .insertInto('ad_auths')
    .values({
      platform: a.platform,
      customerid: a.customerid,
      created_by: a.customerid,
      platform_user_id: '',
      access_token_enc: '',
      refresh_token_enc: '',
      access_expires_at: 0,
      refresh_expires_at: 0,
      credentials_enc: '',
      scope: '',
      state: a.state,
      last_error: a.last_error ?? '',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('ad_accounts')
    .values({
      auth_id: auth.id,
      platform: a.platform,
      advertiser_id: a.advertiser_id,
      customerid: a.customerid,
      name: a.name,
      active: 1,
      last_sync_at: a.at ?? 0,
      last_sync_error: '',
      report_synced_to: 0,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

export interface MailParts {
  headers: string;
  text: string;
  html: string;
}

function decode(head: string, body: string): string {
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The text/plain and text/html parts of a raw multipart/alternative message (nodemailer's encodings undone). */
export function mailParts(raw: string): MailParts {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  const parts: MailParts = { headers, text: '', html: '' };
  if (!boundary) return parts;
  for (const part of raw.slice(split).split(`--${boundary}`)) {
    const at = part.indexOf('\r\n\r\n');
    if (at < 0) continue;
    const head = part.slice(0, at);
    const body = part.slice(at + 4).replace(/\r\n$/, '');
    if (/content-type:\s*text\/plain/i.test(head)) parts.text = decode(head, body);
    if (/content-type:\s*text\/html/i.test(head)) parts.html = decode(head, body);
  }
  return parts;
}
