/**
 * The cost of the optional IP region verdict (issue 23, docs/api-tracking.md "IP region"): CPU per lookup, and a
 * processor slice of 2 000 click pings parsed and judged with the region database beside without it, interleaved
 * (A, B, A, B … in one run, so the machine's load weighs on both alike). CPU seconds (`process.cpuUsage`), not wall
 * time. The database is MaxMind's test database (tests/fixtures: a few hundred networks); a full GeoLite2 Country's
 * tree is deeper (≈ 30 levels more at most for IPv4 in IPv6), so its walk costs a little more per lookup.
 *   node bench/ip-region.ts [rounds]   (default 20)
 */
import { randomInt } from 'node:crypto';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseSlice, type RawPing } from '../src/server/tracking/slice.ts';
import { DEFAULT_THRESHOLDS } from '../src/server/tracking/verdict/config.ts';
import { floodWindows } from '../src/server/tracking/verdict/flood.ts';
import { openIpRegion } from '../src/server/tracking/verdict/region.ts';

const rounds = Number(process.argv[2] ?? 20);
const region = await openIpRegion(path.resolve(import.meta.dirname, '../tests/fixtures/geolite2-country-test.mmdb'), ['CN']);
const PHONE = 'Mozilla/5.0 (Linux; Android 14; V2309A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 Mobile Safari/537.36';

/** Public device IPs: a third in the database's Chinese network, a third in its British, a third anywhere (mostly unknown). */
const ip = (i: number): string =>
  i % 3 === 0
    ? `111.235.${160 + randomInt(4)}.${randomInt(256)}`
    : i % 3 === 1
      ? `81.2.69.${142 + randomInt(2)}`
      : `${1 + randomInt(222)}.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`;

const cpuUs = (f: () => void): number => {
  const start = process.cpuUsage();
  f();
  const d = process.cpuUsage(start);
  return d.user + d.system;
};

// 1. lookups alone
const ips = Array.from({ length: 200_000 }, (_, i) => ip(i));
let foreign = 0;
cpuUs(() => {
  for (const a of ips.slice(0, 20_000)) region.foreign(a); // warm-up
});
const lookupUs = cpuUs(() => {
  for (const a of ips) if (region.foreign(a)) foreign++;
});

// 2. a processor slice with and without the database, interleaved
const links = new Map([['1001', { customerid: 1, state: 2, deleted_at: null }]]);
const slice = (round: number): RawPing[] =>
  Array.from({ length: 2000 }, (_, i) => ({
    id: round * 2000 + i,
    kind: 'c',
    pageid: '1001',
    query: `ch=2&adv=1&aid=7&cb=r${round}-${i}&oaid=o${round}-${i}&ip=${ip(i)}&ua=${encodeURIComponent(PHONE)}`,
    ip: '111.235.160.9',
    ua: 'platform',
    received_at: 1_764_000_000 + round,
  }));
const off: number[] = [];
const on: number[] = [];
for (let r = 0; r < rounds; r++) {
  const rows = slice(r);
  const without = () => off.push(cpuUs(() => parseSlice(rows, [], links, floodWindows(DEFAULT_THRESHOLDS), null)));
  const withRegion = () => on.push(cpuUs(() => parseSlice(rows, [], links, floodWindows(DEFAULT_THRESHOLDS), region)));
  // which goes first alternates (the first of a pair pays for the slice's fresh strings)
  if (r % 2) {
    without();
    withRegion();
  } else {
    withRegion();
    without();
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const load = loadavg();
console.log(
  JSON.stringify(
    {
      lookups: ips.length,
      foreign,
      cpu_us_per_lookup: Math.round((lookupUs / ips.length) * 100) / 100,
      slice_rows: 2000,
      rounds,
      slice_cpu_ms_without: Math.round(median(off)) / 1000,
      slice_cpu_ms_with: Math.round(median(on)) / 1000,
      ratio_with_over_without: Math.round((median(on) / median(off)) * 1000) / 1000,
      loadavg: load.map((x) => Math.round(x * 100) / 100),
    },
    null,
    2,
  ),
);
