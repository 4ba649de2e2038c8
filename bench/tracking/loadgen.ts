/**
 * Steady-load generator for the sustained tracking benchmark, run as its own process: `rate` 巨量 click pings a second
 * (the 30 parameters of bench case a), each with its own random callback and request id, i.e. random click ids) over
 * `connections` keep-alive connections for `seconds`. Paced every 5 ms against the schedule; at most 64 requests in
 * flight per connection — a server that falls behind sees the rate it can take and the generator counts what it
 * could not send (`behind`). Prints one JSON line a second and, at the end, the latency of every minute.
 *   node bench/tracking/loadgen.ts <base url> <rate> <seconds> <connections>
 */
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { juliangPing } from '../wrk.ts';

const [base = 'http://127.0.0.1:4620', rateArg = '5000', secondsArg = '600', connArg = '16'] = process.argv.slice(2);
const rate = Number(rateArg);
const seconds = Number(secondsArg);
const connections = Number(connArg);
const agent = new Agent({ keepAlive: true, maxSockets: connections });
const maxInFlight = connections * 64;
const path = juliangPing('810001');
const DEVICE_IDS = /\b(imei|idfa|androidid|oaid|caid|mac)=\1_1234567/g;

/** Latency histogram of one minute: 0.1 ms buckets up to 10 s. */
class Histogram {
  readonly counts = new Uint32Array(100_001);
  n = 0;
  add(ms: number): void {
    this.counts[Math.min(100_000, Math.round(ms * 10))]! += 1;
    this.n += 1;
  }
  quantile(q: number): number {
    let seen = 0;
    const want = Math.ceil(this.n * q);
    for (let i = 0; i < this.counts.length; i++) {
      seen += this.counts[i] ?? 0;
      if (seen >= want) return i / 10;
    }
    return Number.NaN;
  }
}

const minutes: Histogram[] = [];
const tally = { sent: 0, ok: 0, non2xx: 0, errors: 0, behind: 0 };
let inFlight = 0;
const started = performance.now();

function ping(): void {
  const id = randomBytes(8).toString('hex');
  // Every ping a shopper of its own: the device macros (ids and IP) differ per ping, else the invalid-traffic verdicts
  // judge one device clicking thousands of times a second (IP 频繁, 设备频繁) and the rollups count them as invalid.
  const n = tally.sent;
  const ip = `36.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const url = `${base}${path
    .replace('callback_param_1234567', `cb_${id}`)
    .replace('request_id_1234567', `rq_${id}`)
    .replace(DEVICE_IDS, `$1=$1_${id}`)
    .replace('ip=203.0.113.9', `ip=${ip}`)}`;
  const at = performance.now();
  const minute = Math.floor((at - started) / 60_000);
  inFlight += 1;
  tally.sent += 1;
  const req = request(url, { agent }, (res) => {
    res.resume();
    res.on('end', () => {
      inFlight -= 1;
      if (res.statusCode === 204) tally.ok += 1;
      else tally.non2xx += 1;
      const h = minutes[minute] ?? new Histogram();
      minutes[minute] = h;
      h.add(performance.now() - at);
    });
  });
  req.on('error', () => {
    inFlight -= 1;
    tally.errors += 1;
  });
  req.end();
}

let sentBySchedule = 0;
const pacer = setInterval(() => {
  const elapsed = (performance.now() - started) / 1000;
  if (elapsed >= seconds) return;
  const due = Math.floor(elapsed * rate) - sentBySchedule;
  for (let i = 0; i < due; i++) {
    sentBySchedule += 1;
    if (inFlight >= maxInFlight) tally.behind += 1;
    else ping();
  }
}, 5);

let second = 0;
const reporter = setInterval(() => {
  second += 1;
  process.stdout.write(`${JSON.stringify({ second, ...tally, inFlight })}\n`);
  if (second >= seconds) {
    clearInterval(pacer);
    clearInterval(reporter);
    const wait = setInterval(() => {
      if (inFlight > 0 && performance.now() - started < (seconds + 30) * 1000) return;
      clearInterval(wait);
      const perMinute = minutes.map((h, i) => ({
        minute: i + 1,
        requests: h.n,
        p50: h.quantile(0.5),
        p99: h.quantile(0.99),
        max: h.quantile(1),
      }));
      process.stdout.write(`${JSON.stringify({ done: true, ...tally, perMinute })}\n`);
      agent.destroy();
    }, 100);
  }
}, 1000);
