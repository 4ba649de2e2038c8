/**
 * The job scheduler: a registry of named jobs, run on schedule by one leader among the app nodes (lease
 * `scheduler`, renewed every tick), each run under its own lease (`job:<name>`, renewed while it runs) so one
 * job never runs twice at once across nodes, every run recorded in `job_runs`. Any node may `kick` a job (work
 * just arrived, e.g. a queued e-mail): it runs there at once if nobody else is running it, else retries shortly.
 * Jobs yield to monitor ingestion between slices (`ctx.yield`), and `stop()` aborts and waits for them.
 */

import { acquireLease, releaseLease } from '../cluster/lease.ts';
import type { Clock } from '../kernel/clock.ts';
import type { Db } from '../kernel/executor.ts';
import { errorFields, log } from '../kernel/log.ts';
import type { IngestPressure } from '../kernel/pressure.ts';
import { jobContext } from './context.ts';
import { RunRecorder } from './recorder.ts';
import { checkSchedule, isDue } from './schedule.ts';
import * as store from './store.ts';
import type { JobDef, JobResult } from './types.ts';

export interface SchedulerDeps {
  db: Db;
  clock: Clock;
  nodeId: string;
  pressure?: IngestPressure;
}

export interface SchedulerOptions {
  /** How often the leader lease is renewed and due jobs are started. */
  tickMs: number;
  leaderTtlSeconds: number;
  /** A kicked job that is running elsewhere is tried again this often, this many times. */
  kickRetryMs: number;
  kickRetries: number;
}

export interface RunOutcome {
  /** False when another node held the job's lease (or the scheduler is stopping). */
  ran: boolean;
  rows: number;
  error: string;
}

const LEADER = 'scheduler';
const defaults: SchedulerOptions = { tickMs: 1000, leaderTtlSeconds: 15, kickRetryMs: 1000, kickRetries: 30 };

interface Slot {
  def: JobDef;
  running: Promise<RunOutcome> | null;
  /** Kicked while running: run once more afterwards. */
  again: boolean;
  /** When this node last saw the job end (ms), the base of its schedule; null = never. */
  lastEndMs: number | null;
  retryTimer: NodeJS.Timeout | null;
  retries: number;
  recorder: RunRecorder;
}

export class Scheduler {
  private readonly slots = new Map<string, Slot>();
  private readonly aborts = new Set<AbortController>();
  private readonly deps: SchedulerDeps;
  private readonly opts: SchedulerOptions;
  private leader = false;
  private leaderSinceMs = 0;
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private stopped = false;

  constructor(deps: SchedulerDeps, opts: Partial<SchedulerOptions> = {}) {
    this.deps = deps;
    this.opts = { ...defaults, ...opts };
  }

  register(...defs: JobDef[]): void {
    for (const def of defs) {
      if (this.slots.has(def.name)) throw new Error(`job ${def.name} registered twice`);
      checkSchedule(def.schedule);
      const recorder = new RunRecorder(this.deps.db, def, this.deps.nodeId);
      this.slots.set(def.name, { def, running: null, again: false, lastEndMs: null, retryTimer: null, retries: 0, recorder });
    }
  }

  names(): string[] {
    return [...this.slots.keys()];
  }

  isLeader(): boolean {
    return this.leader;
  }

  /** Begin taking part in leader election and running due jobs (the server process; never the CLI). */
  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.tick(), this.opts.tickMs);
    this.timer.unref();
    void this.tick();
  }

  /** One step: take or renew the leadership and, as leader, start every due job. Tests call it directly. */
  tick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.ticking ??= this.step()
      .catch((err) => log.error('scheduler tick failed', errorFields(err)))
      .finally(() => (this.ticking = null));
    return this.ticking;
  }

  private async step(): Promise<void> {
    const { db, clock, nodeId } = this.deps;
    const was = this.leader;
    this.leader = await acquireLease(db, LEADER, this.opts.leaderTtlSeconds, nodeId, clock.now());
    if (!this.leader) {
      if (was) log.warn('scheduler leadership lost', { node: nodeId });
      return;
    }
    if (!was) {
      // Pick the schedule up where the previous leader (or this node before a restart) left it.
      this.leaderSinceMs = clock.nowMs();
      const last = await store.lastRunTimes(db);
      for (const slot of this.slots.values()) {
        const at = last.get(slot.def.name);
        if (at !== undefined) slot.lastEndMs = Math.max(slot.lastEndMs ?? 0, at * 1000);
      }
      log.info('scheduler leader', { node: nodeId, jobs: this.names() });
    }
    for (const slot of this.slots.values()) this.startIfDue(slot);
  }

  private startIfDue(slot: Slot): void {
    if (
      this.leader &&
      !slot.running &&
      !this.stopped &&
      isDue(slot.def.schedule, slot.lastEndMs, this.deps.clock.nowMs(), this.leaderSinceMs)
    ) {
      void this.launch(slot);
    }
  }

  /** Work arrived for `name`: run it soon on this node (once more after the current run, if one is going). */
  kick(name: string): void {
    const slot = this.slot(name);
    if (this.stopped) return;
    if (slot.running) {
      slot.again = true;
      return;
    }
    void this.launch(slot, true);
  }

  /** Run `name` now on this node and wait for the outcome (tests, operators). */
  async run(name: string): Promise<RunOutcome> {
    const slot = this.slot(name);
    // Never two runs of one job on this node: wait until it is free (a kick may have started it again meanwhile).
    while (slot.running) await slot.running;
    return this.launch(slot);
  }

  /** Wait until no job runs on this node. */
  async idle(): Promise<void> {
    for (;;) {
      const running = [...this.slots.values()].map((s) => s.running).filter((p) => p !== null);
      if (running.length === 0) return;
      await Promise.allSettled(running);
    }
  }

  /** Stop ticking, abort running jobs and wait for them, give up the leadership. Idempotent. */
  async stop(): Promise<void> {
    if (!this.stopped) {
      this.stopped = true;
      if (this.timer) clearInterval(this.timer);
      for (const slot of this.slots.values()) if (slot.retryTimer) clearTimeout(slot.retryTimer);
      for (const ac of this.aborts) ac.abort();
    }
    await this.ticking;
    await this.idle();
    if (this.leader) {
      this.leader = false;
      await releaseLease(this.deps.db, LEADER, this.deps.nodeId).catch((err) =>
        log.warn('scheduler lease release failed', errorFields(err)),
      );
    }
  }

  private slot(name: string): Slot {
    const slot = this.slots.get(name);
    if (!slot) throw new Error(`unknown job ${name}`);
    return slot;
  }

  private launch(slot: Slot, kicked = false): Promise<RunOutcome> {
    const run = this.execute(slot, kicked).finally(() => {
      slot.running = null;
      if (this.stopped) return;
      if (slot.again) {
        slot.again = false;
        void this.launch(slot, true);
        return;
      }
      // A job due more often than the leader ticks (the tracking processor, every 500 ms) gets its own timer.
      const { schedule } = slot.def;
      if (this.leader && 'everyMs' in schedule && schedule.everyMs < this.opts.tickMs)
        setTimeout(() => this.startIfDue(slot), schedule.everyMs).unref();
    });
    slot.running = run;
    return run;
  }

  private async execute(slot: Slot, kicked: boolean): Promise<RunOutcome> {
    const { db, clock, nodeId } = this.deps;
    const { def } = slot;
    const lease = `job:${def.name}`;
    const ttl = def.leaseSeconds ?? 60;
    try {
      if (this.stopped || !(await acquireLease(db, lease, ttl, nodeId, clock.now()))) {
        if (kicked) this.retryLater(slot);
        return { ran: false, rows: 0, error: '' };
      }
    } catch (err) {
      log.error('job lease failed', { job: def.name, ...errorFields(err) });
      return { ran: false, rows: 0, error: String(err) };
    }
    slot.retries = 0;
    const ac = new AbortController();
    this.aborts.add(ac);
    const heartbeat = setInterval(
      () => {
        acquireLease(db, lease, ttl, nodeId, clock.now()).then(
          (held) => held || ac.abort(new Error('job lease lost')),
          (err) => log.warn('job lease renewal failed', { job: def.name, ...errorFields(err) }),
        );
      },
      (ttl * 1000) / 3,
    );
    heartbeat.unref();
    const startedMs = clock.nowMs();
    let outcome: RunOutcome = { ran: true, rows: 0, error: '' };
    try {
      const open = await slot.recorder.begin(startedMs);
      let result: JobResult = {};
      try {
        result = await def.run(jobContext(this.deps, def, ac.signal, startedMs));
      } catch (err) {
        result = { rows: 0, error: err instanceof Error ? err.message : String(err) };
        log.error('job failed', { job: def.name, ...errorFields(err) });
      }
      outcome = { ran: true, rows: result.rows ?? 0, error: result.error ?? '' };
      await slot.recorder.finish(open, startedMs, clock.nowMs(), outcome.rows, outcome.error);
    } catch (err) {
      log.error('job run could not be recorded', { job: def.name, ...errorFields(err) });
    } finally {
      clearInterval(heartbeat);
      this.aborts.delete(ac);
      slot.lastEndMs = clock.nowMs();
      await releaseLease(db, lease, nodeId).catch((err) => log.warn('job lease release failed', { job: def.name, ...errorFields(err) }));
    }
    return outcome;
  }

  private retryLater(slot: Slot): void {
    if (this.stopped || slot.retryTimer || slot.retries >= this.opts.kickRetries) {
      if (slot.retries >= this.opts.kickRetries) slot.retries = 0;
      return;
    }
    slot.retries += 1;
    slot.retryTimer = setTimeout(() => {
      slot.retryTimer = null;
      this.kick(slot.def.name);
    }, this.opts.kickRetryMs);
    slot.retryTimer.unref();
  }
}
