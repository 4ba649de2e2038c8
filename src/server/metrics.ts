/**
 * Prometheus text-format metrics: request counts and latency histograms per route.
 * Per process; a scraper adds them up across app nodes.
 */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Series {
  count: number;
  sum: number;
  buckets: number[];
}

const requests = new Map<string, number>();
const latency = new Map<string, Series>();
const gauges = new Map<string, () => number>();

const esc = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  const key = `method="${esc(method)}",route="${esc(route)}",status="${status}"`;
  requests.set(key, (requests.get(key) ?? 0) + 1);
  const lkey = `method="${esc(method)}",route="${esc(route)}"`;
  let s = latency.get(lkey);
  if (!s) latency.set(lkey, (s = { count: 0, sum: 0, buckets: BUCKETS.map(() => 0) }));
  s.count += 1;
  s.sum += seconds;
  for (let i = 0; i < BUCKETS.length; i++) if (seconds <= BUCKETS[i]!) s.buckets[i]! += 1;
}

/** A value read at scrape time (e.g. pending rows of a write batch). */
export function registerGauge(name: string, read: () => number): void {
  gauges.set(name, read);
}

export function renderMetrics(): string {
  const out: string[] = [];
  out.push('# HELP http_requests_total HTTP requests answered, by route and status.', '# TYPE http_requests_total counter');
  for (const [k, v] of requests) out.push(`http_requests_total{${k}} ${v}`);
  out.push('# HELP http_request_duration_seconds Time to answer, by route.', '# TYPE http_request_duration_seconds histogram');
  for (const [k, s] of latency) {
    BUCKETS.forEach((b, i) => out.push(`http_request_duration_seconds_bucket{${k},le="${b}"} ${s.buckets[i]}`));
    out.push(`http_request_duration_seconds_bucket{${k},le="+Inf"} ${s.count}`);
    out.push(`http_request_duration_seconds_sum{${k}} ${s.sum}`, `http_request_duration_seconds_count{${k}} ${s.count}`);
  }
  for (const [name, read] of gauges) out.push(`# TYPE ${name} gauge`, `${name} ${read()}`);
  out.push('# TYPE process_resident_memory_bytes gauge', `process_resident_memory_bytes ${process.memoryUsage().rss}`);
  return out.join('\n') + '\n';
}
