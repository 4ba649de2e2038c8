import type { LastReport } from '../../shared/api/reports.ts';
import { actorOf } from '../accounts/actor.ts';
import type { UserRow } from '../accounts/lookup.ts';
import type { Customers } from '../ads/attention.ts';
import type { Deps } from '../deps.ts';
import type { Actor } from '../kernel/actor.ts';
import { scopeOf } from '../links/scope.ts';
import { MAIL_JOB } from '../mail/jobs.ts';
import { messageStatuses } from '../mail/lookup.ts';
import { buildReport } from './model.ts';
import { renderReport } from './render.ts';
import * as store from './store.ts';
import { unsubscribeUrl } from './unsubscribe.ts';

/** The customers whose numbers a user's report shows: admins all, an agent itself and its sub-customers, a customer itself; UDSmart none yet. */
export async function reportScope(deps: Deps, user: UserRow): Promise<Customers | undefined> {
  const actor = actorOf(user, 'report');
  if (actor.role === 5 || actor.role === 6) return undefined;
  return scopeOf(deps.db, actor);
}

/** The last hour that has ended at `nowSec` (its start, epoch seconds). */
export const lastEndedHour = (nowSec: number): number => Math.floor(nowSec / 3600) * 3600 - 3600;

/**
 * Queue the report of `hour` for one user, exactly once: the sent-log row and the queued mail are written in one
 * transaction, and the log's key (user, hour) lets only the first writer through — across nodes and restarts.
 * Returns whether this call queued it.
 */
export async function sendReport(deps: Deps, user: UserRow, hour: number): Promise<boolean> {
  const customers = await reportScope(deps, user);
  if (customers === undefined) return false;
  const report = await buildReport(deps.db, customers, hour);
  const link = unsubscribeUrl(deps, user.id);
  const mail = renderReport(report, user.company || user.email, link);
  return deps.db.transaction().execute(async (tx) => {
    if (!(await store.claimSend(tx, user.id, hour, user.email, deps.clock.now()))) return false;
    const mailId = await deps.mailer.send(
      {
        to: user.email,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      },
      { db: tx },
    );
    await store.setMailId(tx, user.id, hour, mailId);
    return true;
  });
}

/** After queuing in transactions: start delivery now (the mailer's own kick may have run before the commit). */
export function deliverQueued(deps: Deps): void {
  if (deps.mailer.smtp) deps.jobs.kick(MAIL_JOB);
}

/** What the account screen shows: the switch and the last report queued, with its delivery status. */
export async function lastReport(deps: Deps, actor: Actor): Promise<LastReport> {
  const last = await store.lastSend(deps.db, actor.userId);
  if (!last) return { email_status: actor.user.email_status, last: null };
  const [mail] = await messageStatuses(deps.db, last.mail_id ? [Number(last.mail_id)] : []);
  return {
    email_status: actor.user.email_status,
    last: {
      hour: Number(last.hour),
      to: last.to_addr,
      queued_at: Number(last.created_at),
      status: mail?.status ?? 'queued',
      sent_at: mail?.sent_at === null || mail?.sent_at === undefined ? null : Number(mail.sent_at),
      error: mail?.error ?? '',
    },
  };
}
