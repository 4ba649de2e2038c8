/** What the shared machine was doing while a benchmark ran: load average and the busiest other processes. */
import { execFileSync } from 'node:child_process';
import os from 'node:os';

export interface MachineFacts {
  at: string;
  nproc: number;
  cpu: string;
  node: string;
  load: [number, number, number];
  /** The busiest processes (not this one), `%cpu command`. */
  busiest: string[];
}

export function machineFacts(): MachineFacts {
  let busiest: string[] = [];
  try {
    busiest = execFileSync('ps', ['-eo', 'pid,pcpu,args', '--sort=-pcpu', '--no-headers'], { encoding: 'utf8' })
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith(`${process.pid} `) && !/\bps -eo\b/.test(l))
      .slice(0, 6)
      .map((l) => l.replace(/^\d+\s+/, '').slice(0, 140));
  } catch {
    /* no ps */
  }
  const load = os.loadavg().map((x) => Math.round(x * 100) / 100) as [number, number, number];
  return {
    at: new Date().toISOString(),
    nproc: os.availableParallelism(),
    cpu: os.cpus()[0]?.model ?? '?',
    node: process.version,
    load,
    busiest,
  };
}
