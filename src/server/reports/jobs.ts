import { listUsers } from '../accounts/lookup.ts';
import type { Deps } from '../deps.ts';
import type { JobDef } from '../jobs/types.ts';
import { log } from '../kernel/log.ts';
import { deliverQueued, lastEndedHour, sendReport } from './service.ts';
import { sentUsers } from './store.ts';

export const REPORT_JOB = 'hourly-report';

/**
 * 时报: `REPORT_MINUTE` minutes past every hour (China time), the last ended hour's report to every enabled user
 * whose `email_status` is 1 (on). A missed run (the process was down) runs at start and reports the last ended
 * hour; older hours are not sent late. Users already sent this hour are skipped (the sent-log), so a rerun, a
 * second node or a restart sends nobody twice. Delivery and its retries are the mail job's.
 */
export function hourlyReportJob(deps: Deps): JobDef {
  return {
    name: REPORT_JOB,
    schedule: { cron: `${deps.config.REPORT_MINUTE} * * * *` },
    leaseSeconds: 120,
    async run(ctx) {
      const hour = lastEndedHour(deps.clock.now());
      const done = await sentUsers(deps.db, hour);
      const due = (await listUsers(deps.db)).filter((u) => u.email_status === 1 && u.status === 1 && u.email && !done.has(u.id));
      let sent = 0;
      const failures: string[] = [];
      for (const user of due) {
        if (ctx.signal.aborted) break;
        try {
          if (await sendReport(deps, user, hour)) sent += 1;
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          failures.push(`${user.email}: ${message}`);
          log.warn('hourly report failed', { user: user.id, hour, err: message });
        }
        await ctx.yield();
      }
      if (sent) deliverQueued(deps);
      return failures.length
        ? { rows: sent, error: `${failures.length} 份时报生成失败：${failures.join('；').slice(0, 900)}` }
        : { rows: sent };
    },
  };
}
