/**
 * A raw backlog built by SQL, fast (a generated series, no HTTP): millions of 巨量 click pings (30 parameters, each
 * with its own random callback, so every one counts once) and landing visits, the way the monitor and landing hot
 * paths store them. Used by the processor benchmarks (bench/tracking-*.ts) and the durability tests of a
 * multi-million-row backlog (tests/process/). `alreadyProcessed` marks the oldest rows processed as the version
 * before the high-water mark did (its `processed` flag), for the migration tests and the profile of a large table.
 */
import { sql } from 'kysely';
import type { Engine } from '../../src/server/db/dialect.ts';
import type { Db } from '../../src/server/kernel/executor.ts';

export const BACKLOG_UA = 'Mozilla/5.0 (Linux; Android 14)';
export const BACKLOG_AID = 'aid_1234567';

/** The 30-parameter 巨量 click ping of bench case a), cut around its callback: `${head}${callback}${tail}${ts}`. */
const PING_HEAD =
  'ch=2&adv=advertiser_id_1234567&camp=campaign_id_1234567&proj=project_id_1234567&aid=aid_1234567' +
  '&promo=promotion_id_1234567&cid=cid_1234567&req=request_id_1234567&cb=';
const PING_TAIL =
  '&cburl=callback_url_1234567&track=track_id_1234567&ctype=ctype_1234567&site=csite_1234567&union=union_site_1234567' +
  '&imei=imei_1234567&idfa=idfa_1234567&androidid=androidid_1234567&oaid=oaid_';
/** Each ping its own device (OAID) and device IP, as real traffic: none is a flood (tracking/verdict/config.ts). */
const PING_DEVICE_TAIL = '&caid=caid_1234567&os=0&mac=mac_1234567&ip=';
const PING_END = '&ua=Mozilla%2F5.0%20(Linux%3B%20Android%2014)&geo=geo_1234567&model=model_1234567' + '&mid1=1&mid2=2&mid3=3&mid4=4&ts=';
/** A 巨量 2.0 landing URL's query: its clickid, the project and promotion the ad names. */
const VISIT_HEAD = 'clickid=';
const VISIT_TAIL = '&projectid=project_id_1234567&promotionid=aid_1234567&creativetype=5';

/**
 * The same 巨量 click ping as one query string, for writers that go through the product's raw-row writer
 * (bench/tracking-drain.ts): its callback, its device (OAID number), the device IP and the platform's time.
 */
export const backlogPingQuery = (callback: string, device: number, deviceIp: string, at: number): string =>
  `${PING_HEAD}${callback}${PING_TAIL}${device}${PING_DEVICE_TAIL}${deviceIp}${PING_END}${at}`;

export interface BacklogSpec {
  /** A 巨量 (channel 2) link. */
  pageid: string;
  pings: number;
  visits?: number;
  /** Epoch seconds of the first row; rows follow at `perSecond`. */
  from: number;
  perSecond: number;
  /** The first rows of each table carry `processed = 1` (the flag of the version before the high-water mark). */
  alreadyProcessed?: number;
}

/** Insert the backlog in chunks of `chunk` rows per statement (one transaction each). Returns the rows written. */
export async function fillRawBacklog(
  db: Db,
  engine: Engine,
  spec: BacklogSpec,
  chunk = 500_000,
): Promise<{ pings: number; visits: number }> {
  const done = spec.alreadyProcessed ?? 0;
  for (const [table, total] of [
    ['monitor_raw', spec.pings],
    ['landing_visits', spec.visits ?? 0],
  ] as const) {
    for (let first = 1; first <= total; first += chunk) {
      const last = Math.min(total, first + chunk - 1);
      await db.transaction().execute((tx) => sql.raw(fillSql(engine, table, spec, first, last, done)).execute(tx));
    }
  }
  return { pings: spec.pings, visits: spec.visits ?? 0 };
}

/** One INSERT … SELECT over the series [first, last]; literals only (no bound values, so any size fits). */
function fillSql(
  engine: Engine,
  table: 'monitor_raw' | 'landing_visits',
  s: BacklogSpec,
  first: number,
  last: number,
  done: number,
): string {
  const q = (v: string) => `'${v.replace(/'/g, "''")}'`;
  const at = `(${Math.floor(s.from)} + (i - 1) / ${Math.max(1, Math.floor(s.perSecond))})`;
  const rand = engine === 'postgres' ? `substr(md5(random()::text), 1, 12)` : `lower(hex(randomblob(6)))`;
  const id = `${rand} || '_' || i`;
  const processed = `case when i <= ${done} then 1 else 0 end`;
  const ip = `'10.' || (i / 65536 % 256) || '.' || (i / 256 % 256) || '.' || (i % 256)`;
  const series =
    engine === 'postgres'
      ? `generate_series(${first}, ${last}) as s(i)`
      : `(with recursive s(i) as (select ${first} union all select i + 1 from s where i < ${last}) select i from s) as s`;
  const query =
    table === 'monitor_raw'
      ? `${q(PING_HEAD)} || 'cb_' || ${id} || ${q(PING_TAIL)} || i || ${q(PING_DEVICE_TAIL)} || ${ip} || ${q(PING_END)} || ${at}`
      : `${q(VISIT_HEAD)} || 'lc_' || ${id} || ${q(VISIT_TAIL)}`;
  const columns =
    table === 'monitor_raw'
      ? 'kind, pageid, query, ip, ua, received_at, processed'
      : 'pageid, query, ip, ua, referer, received_at, processed';
  const values =
    table === 'monitor_raw'
      ? `'c', ${q(s.pageid)}, ${query}, '203.0.113.9', ${q(BACKLOG_UA)}, ${at}, ${processed}`
      : `${q(s.pageid)}, ${query}, ${ip}, ${q(BACKLOG_UA)}, '', ${at}, ${processed}`;
  return `insert into ${table} (${columns}) select ${values} from ${series} order by i`;
}
