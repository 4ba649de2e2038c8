/**
 * Prometheus text-format metrics: request counts and latency histograms per route, and gauges read at scrape
 * time. One `Metrics` per process (in deps); a scraper adds them up across app nodes.
 */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Series {
  count: number;
  sum: number;
  buckets: number[];
}

const esc = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

export class Metrics {
  private readonly requests = new Map<string, number>();
  private readonly latency = new Map<string, Series>();
  private readonly gauges = new Map<string, () => number>();

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const key = `method="${esc(method)}",route="${esc(route)}",status="${status}"`;
    this.requests.set(key, (this.requests.get(key) ?? 0) + 1);
    const lkey = `method="${esc(method)}",route="${esc(route)}"`;
    let s = this.latency.get(lkey);
    if (!s) {
      s = { count: 0, sum: 0, buckets: BUCKETS.map(() => 0) };
      this.latency.set(lkey, s);
    }
    s.count += 1;
    s.sum += seconds;
    for (const [i, le] of BUCKETS.entries()) if (seconds <= le) s.buckets[i] = (s.buckets[i] ?? 0) + 1;
  }

  /** A value read at scrape time (e.g. pending rows of a write batch). */
  registerGauge(name: string, read: () => number): void {
    this.gauges.set(name, read);
  }

  render(): string {
    const out: string[] = [];
    out.push('# HELP http_requests_total HTTP requests answered, by route and status.', '# TYPE http_requests_total counter');
    for (const [k, v] of this.requests) out.push(`http_requests_total{${k}} ${v}`);
    out.push('# HELP http_request_duration_seconds Time to answer, by route.', '# TYPE http_request_duration_seconds histogram');
    for (const [k, s] of this.latency) {
      for (const [i, b] of BUCKETS.entries()) out.push(`http_request_duration_seconds_bucket{${k},le="${b}"} ${s.buckets[i]}`);
      out.push(`http_request_duration_seconds_bucket{${k},le="+Inf"} ${s.count}`);
      out.push(`http_request_duration_seconds_sum{${k}} ${s.sum}`, `http_request_duration_seconds_count{${k}} ${s.count}`);
    }
    for (const [name, read] of this.gauges) out.push(`# TYPE ${name} gauge`, `${name} ${read()}`);
    out.push('# TYPE process_resident_memory_bytes gauge', `process_resident_memory_bytes ${process.memoryUsage().rss}`);
    return out.join('\n') + '\n';
  }
}
