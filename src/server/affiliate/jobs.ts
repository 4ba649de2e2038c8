/**
 * The affiliate feature's job: `pdd-authority` asks 多多进宝 again, every hour, about each 拼多多 pid + uid 备案 that
 * was unbound (pdd-authority.ts), so a customer who bound in the 拼多多 app sees the notice go away. Runs on the
 * scheduler's leader, only while 拼多多 is configured.
 */
import type { Deps } from '../deps.ts';
import type { JobDef } from '../jobs/types.ts';
import { recheckPddAuthorities } from './pdd-authority.ts';

export const PDD_AUTHORITY_JOB = 'pdd-authority';

export function pddAuthorityJob(deps: Deps): JobDef {
  return {
    name: PDD_AUTHORITY_JOB,
    schedule: { everyMs: 15 * 60_000 },
    run: (ctx) => (deps.unions.enabled.pdd ? recheckPddAuthorities(deps, ctx) : Promise.resolve({ rows: 0 })),
  };
}
