/**
 * Where a processor slice spends its time: every query timed by statement (a Kysely plugin around each query,
 * compile + execute), the rest of the wall time (parsing, building rows, BEGIN/COMMIT) and optionally a CPU
 * profile of the JS (node:inspector) summarised by self time.
 */
import { Session } from 'node:inspector/promises';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/** Statement label: `insert monitor_events`, `select click_keys`, `update monitor_raw`, `raw` … */
function labelOf(node: RootOperationNode): string {
  const n = node as unknown as Record<string, unknown>;
  const table = (t: unknown): string => {
    const x = t as { table?: { identifier?: { name?: string } }; identifier?: { name?: string } } | undefined;
    return x?.table?.identifier?.name ?? x?.identifier?.name ?? '?';
  };
  switch (node.kind) {
    case 'InsertQueryNode':
      return `insert ${table(n.into)}`;
    case 'UpdateQueryNode':
      return `update ${table(n.table)}`;
    case 'DeleteQueryNode':
      return `delete ${table((n.from as { froms?: unknown[] })?.froms?.[0])}`;
    case 'SelectQueryNode':
      return `select ${table((n.from as { froms?: unknown[] })?.froms?.[0])}`;
    case 'RawNode': {
      const text = ((n.sqlFragments as string[] | undefined) ?? []).join('?').replace(/\s+/g, ' ').trim();
      return `sql: ${/^(\w+ \w+ \w+)/.exec(text)?.[1] ?? text.slice(0, 30)}`;
    }
    default:
      return node.kind;
  }
}

export class QueryTimer implements KyselyPlugin {
  private readonly started = new Map<unknown, [string, number, number]>();
  readonly totals = new Map<string, { ms: number; cpuMs: number; n: number }>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const cpu = process.cpuUsage();
    this.started.set(args.queryId, [labelOf(args.node), performance.now(), (cpu.user + cpu.system) / 1000]);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const s = this.started.get(args.queryId);
    if (s) {
      this.started.delete(args.queryId);
      const t = this.totals.get(s[0]) ?? { ms: 0, cpuMs: 0, n: 0 };
      const cpu = process.cpuUsage();
      t.ms += performance.now() - s[1];
      t.cpuMs += (cpu.user + cpu.system) / 1000 - s[2];
      t.n += 1;
      this.totals.set(s[0], t);
    }
    return args.result;
  }

  sumMs(): number {
    return [...this.totals.values()].reduce((a, t) => a + t.ms, 0);
  }

  /** Per statement: wall time (waiting for the engine or the CPU included) and this process's CPU time. */
  table(): Array<{ statement: string; ms: number; cpuMs: number; calls: number }> {
    return [...this.totals.entries()]
      .map(([statement, t]) => ({ statement, ms: Math.round(t.ms), cpuMs: Math.round(t.cpuMs), calls: t.n }))
      .sort((a, b) => b.ms - a.ms);
  }
}

/**
 * Run `fn` under the V8 sampling profiler; the functions with the most self time, the total sampled time, and for
 * each group of `inclusive` (a name → test of a frame's `function file:line` key) the time spent in those functions
 * and everything they called (a frame inside another frame of the same group is counted once).
 */
export async function cpuProfile<T>(
  fn: () => Promise<T>,
  top = 20,
  inclusive: Record<string, (key: string) => boolean> = {},
): Promise<{ result: T; top: Array<{ fn: string; ms: number }>; totalMs: number; inclusiveMs: Record<string, number> }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  const result = await fn();
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  const self = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (deltas[i] ?? 0) / 1000);
  });
  const keyOf = (cf: { functionName: string; url: string; lineNumber: number }) => {
    const file = cf.url.replace(/^.*\/(node_modules\/[^/]+|src|bench|tests)\//, '$1/');
    return `${cf.functionName || '(anonymous)'} ${file}:${cf.lineNumber + 1}`;
  };
  const byFn = new Map<string, number>();
  for (const node of profile.nodes) {
    const key = keyOf(node.callFrame);
    byFn.set(key, (byFn.get(key) ?? 0) + (self.get(node.id) ?? 0));
  }
  const list = [...byFn.entries()].map(([f, ms]) => ({ fn: f, ms: Math.round(ms) })).sort((a, b) => b.ms - a.ms);
  const totalMs = [...self.values()].reduce((a, b) => a + b, 0);
  // inclusive time: walk the call tree from the root, a group's subtree summed where its first frame is met
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const subtree = (id: number): number => {
    const n = nodes.get(id);
    return (self.get(id) ?? 0) + (n?.children ?? []).reduce((a, c) => a + subtree(c), 0);
  };
  const inclusiveMs: Record<string, number> = {};
  for (const [group, test] of Object.entries(inclusive)) {
    let ms = 0;
    const walk = (id: number) => {
      const n = nodes.get(id);
      if (!n) return;
      if (test(keyOf(n.callFrame))) ms += subtree(id);
      else for (const c of n.children ?? []) walk(c);
    };
    const root = profile.nodes[0];
    if (root) walk(root.id);
    inclusiveMs[group] = Math.round(ms);
  }
  return { result, top: list.slice(0, top), totalMs: Math.round(totalMs), inclusiveMs };
}
