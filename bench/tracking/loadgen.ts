/**
 * Steady-load generator for the sustained tracking benchmark, run as its own process: `rate` 巨量 click pings a second
 * (the 30 parameters of bench case a), each with its own random callback and request id, i.e. random click ids) over
 * `connections` keep-alive connections for `seconds`. Paced every 5 ms against the schedule; at most 64 requests in
 * flight per connection — a server that falls behind sees the rate it can take and the generator counts what it
 * could not send (`behind`). Prints one JSON line a second and, at the end, the latency of every minute.
 *   node bench/tracking/loadgen.ts <base url> <rate> <seconds> <connections>
 *
 * It speaks HTTP/1.1 on plain sockets (requests written as text, pipelined up to 64 a connection, answers read back in
 * order as RFC 9112 §9.3.2 requires of a server): node:http's client cost ≈ 4× the CPU per request, and on the
 * benchmark's two shared cores the generator then took the cores the server needed (4 422 pings/s at most for 5 000).
 */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { juliangPing } from '../wrk.ts';

const [base = 'http://127.0.0.1:4620', rateArg = '5000', secondsArg = '600', connArg = '16'] = process.argv.slice(2);
const rate = Number(rateArg);
const seconds = Number(secondsArg);
const connections = Number(connArg);
const PER_CONNECTION = 64;
const target = new URL(base);
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
const started = performance.now();

/** The next ping's request text: every ping a shopper of its own. */
function pingRequest(): string {
  const id = randomBytes(8).toString('hex');
  // The device macros (ids and IP) differ per ping, else the invalid-traffic verdicts judge one device clicking
  // thousands of times a second (IP 频繁, 设备频繁) and the rollups count them as invalid.
  const n = tally.sent;
  const ip = `36.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const url = path
    .replace('callback_param_1234567', `cb_${id}`)
    .replace('request_id_1234567', `rq_${id}`)
    .replace(DEVICE_IDS, `$1=$1_${id}`)
    .replace('ip=203.0.113.9', `ip=${ip}`);
  return `GET ${url} HTTP/1.1\r\nHost: ${target.host}\r\nUser-Agent: loadgen\r\n\r\n`;
}

/** One keep-alive connection: requests written in order, their send times queued, answers matched in order. */
class Connection {
  socket: Socket | null = null;
  /** Send times of the requests waiting for their answer, oldest first. */
  readonly sentAt: number[] = [];
  private head = 0;
  private buffer = '';

  get inFlight(): number {
    return this.sentAt.length - this.head;
  }

  open(): void {
    const s = connect({ host: target.hostname, port: Number(target.port || 80), noDelay: true });
    s.setEncoding('latin1');
    s.on('data', (d: string) => this.read(d));
    s.on('error', () => {});
    s.on('close', () => {
      tally.errors += this.inFlight;
      this.sentAt.length = 0;
      this.head = 0;
      this.buffer = '';
      this.socket = null;
    });
    this.socket = s;
  }

  send(text: string): void {
    if (!this.socket) this.open();
    this.sentAt.push(performance.now());
    tally.sent += 1;
    this.socket?.write(text, 'latin1');
  }

  /** Answers: a status line and headers, then a body of Content-Length bytes (204 has none). */
  private read(data: string): void {
    this.buffer += data;
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const headers = this.buffer.slice(0, end);
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(headers)?.[1] ?? 0);
      if (this.buffer.length < end + 4 + length) return;
      this.buffer = this.buffer.slice(end + 4 + length);
      const status = Number(headers.slice(9, 12));
      if (status === 204) tally.ok += 1;
      else tally.non2xx += 1;
      const at = this.sentAt[this.head++] ?? performance.now();
      if (this.head > 4096) {
        this.sentAt.splice(0, this.head);
        this.head = 0;
      }
      const minute = Math.floor((at - started) / 60_000);
      const h = minutes[minute] ?? new Histogram();
      minutes[minute] = h;
      h.add(performance.now() - at);
    }
  }
}

const pool = Array.from({ length: connections }, () => new Connection());
let next = 0;
const inFlight = () => pool.reduce((n, c) => n + c.inFlight, 0);

/** The next connection with room, round robin; null when every one has 64 requests out. */
function pick(): Connection | null {
  for (let i = 0; i < pool.length; i++) {
    const c = pool[(next + i) % pool.length] as Connection;
    if (c.inFlight < PER_CONNECTION) {
      next = (next + i + 1) % pool.length;
      return c;
    }
  }
  return null;
}

let sentBySchedule = 0;
const pacer = setInterval(() => {
  const elapsed = (performance.now() - started) / 1000;
  if (elapsed >= seconds) return;
  const due = Math.floor(elapsed * rate) - sentBySchedule;
  for (let i = 0; i < due; i++) {
    sentBySchedule += 1;
    const c = pick();
    if (c) c.send(pingRequest());
    else tally.behind += 1;
  }
}, 5);

let second = 0;
const reporter = setInterval(() => {
  second += 1;
  process.stdout.write(`${JSON.stringify({ second, ...tally, inFlight: inFlight() })}\n`);
  if (second >= seconds) {
    clearInterval(pacer);
    clearInterval(reporter);
    const wait = setInterval(() => {
      if (inFlight() > 0 && performance.now() - started < (seconds + 30) * 1000) return;
      clearInterval(wait);
      const perMinute = minutes.map((h, i) => ({
        minute: i + 1,
        requests: h.n,
        p50: h.quantile(0.5),
        p99: h.quantile(0.99),
        max: h.quantile(1),
      }));
      process.stdout.write(`${JSON.stringify({ done: true, ...tally, perMinute })}\n`);
      for (const c of pool) c.socket?.destroy();
    }, 100);
  }
}, 1000);
