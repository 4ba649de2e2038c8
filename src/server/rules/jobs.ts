import type { Deps } from '../deps.ts';
import type { JobDef } from '../jobs/types.ts';
import { runDueRules } from './tick.ts';

export const RULES_JOB = 'rules';

/** Automatic rules (docs/jobs.md): checked every minute on the scheduler's leader; each rule runs once per schedule slot. */
export function rulesJob(deps: Deps): JobDef {
  return {
    name: RULES_JOB,
    schedule: { everyMs: 60_000 },
    coalesceMs: 60 * 60_000,
    leaseSeconds: 120,
    run: (ctx) => runDueRules(deps, ctx),
  };
}
