import type { Deps } from '../deps.ts';
import type { JobDef } from '../jobs/types.ts';
import { log } from '../kernel/log.ts';
import { dueMessages, markAttemptFailed, markSent } from './store.ts';

export const MAIL_JOB = 'mail-delivery';

/** Seconds to wait after the 1st, 2nd, 3rd and 4th failed attempt; the 5th failure is final ('failed'). */
export const MAIL_RETRY_DELAYS = [30, 120, 600, 1800] as const;
const BATCH = 50;

const parseHeaders = (json: string): Record<string, string> | undefined => {
  try {
    const h = JSON.parse(json) as Record<string, string>;
    return Object.keys(h).length ? h : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Delivers queued mail over SMTP: every 30 s and whenever a message is queued (the mailer kicks it), one run at
 * a time across nodes. A failed attempt is retried later (MAIL_RETRY_DELAYS); the last failure marks the
 * message 'failed' with the transport's error, and the run records how many failed. At-least-once: a node
 * dying between the SMTP answer and the status update sends that message again.
 */
export function mailJob(deps: Pick<Deps, 'db' | 'clock' | 'mailer'>): JobDef {
  return {
    name: MAIL_JOB,
    schedule: { everyMs: 30_000 },
    async run(ctx) {
      if (!deps.mailer.smtp) return { rows: 0 };
      let sent = 0;
      const failures: string[] = [];
      for (;;) {
        const due = await dueMessages(deps.db, deps.clock.now(), BATCH);
        for (const m of due) {
          if (ctx.signal.aborted) break;
          try {
            await deps.mailer.deliver({ to: m.to_addr, subject: m.subject, text: m.text, html: m.html, headers: parseHeaders(m.headers) });
            await markSent(deps.db, m.id, deps.clock.now());
            sent += 1;
          } catch (err) {
            const message = err instanceof Error ? err.message : String(err);
            const delay = MAIL_RETRY_DELAYS[m.attempts];
            await markAttemptFailed(deps.db, m.id, message, delay === undefined ? null : deps.clock.now() + delay);
            failures.push(`#${m.id} ${m.to_addr}: ${message}`);
            log.warn('mail delivery failed', {
              id: m.id,
              to: m.to_addr,
              attempt: m.attempts + 1,
              final: delay === undefined,
              err: message,
            });
          }
        }
        if (due.length < BATCH || ctx.signal.aborted) break;
        await ctx.yield();
      }
      return failures.length
        ? { rows: sent, error: `${failures.length} 封邮件发送失败：${failures.join('；').slice(0, 900)}` }
        : { rows: sent };
    },
  };
}
