/**
 * Mail goes out through the `mail-delivery` job over a real SMTP server on loopback: queued, kicked on enqueue,
 * retried after a failure, given up after the last attempt (recorded on the message and the run), delivered
 * once when two instances run the job, and kept in the outbox when no SMTP is configured.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recentRuns } from '../../src/server/jobs/store.ts';
import { ManualClock } from '../../src/server/kernel/clock.ts';
import { MAIL_JOB, MAIL_RETRY_DELAYS } from '../../src/server/mail/jobs.ts';
import { makeTestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';
import { startSmtp } from '../support/smtp.ts';

const mail = (n: number) => ({ to: `u${n}@x.cn`, subject: `主题 ${n}`, text: `正文 ${n}` });

describe.each(dialects())('mail delivery job on $name', (dialect) => {
  const open: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const x of open.splice(0).reverse()) await x.close();
  });

  it('retries a temporary SMTP failure later and then delivers', async () => {
    const smtp = await startSmtp({ refuse: 1 });
    open.push(smtp);
    const clock = new ManualClock();
    const t = await makeTestApp(dialect, { SMTP_URL: smtp.url }, { clock });
    open.push(t);
    await t.deps.mailer.send(mail(1)); // kicks the job: the first attempt happens now and is refused (451)
    await t.deps.jobs.idle();
    const [queued] = await t.deps.db.selectFrom('mail_outbox').selectAll().execute();
    expect(queued).toMatchObject({ status: 'queued', attempts: 1, next_attempt_at: clock.now() + MAIL_RETRY_DELAYS[0] });
    expect(queued!.error).toMatch(/451/);
    const [failedRun] = await recentRuns(t.deps.db, { job: MAIL_JOB });
    expect(failedRun).toMatchObject({ rows: 0, error: expect.stringMatching(/^1 封邮件发送失败：#\d+ u1@x\.cn: .*451/) });

    expect(await t.deps.jobs.run(MAIL_JOB)).toEqual({ ran: true, rows: 0, error: '' }); // not due yet
    clock.advance(MAIL_RETRY_DELAYS[0] * 1000);
    expect(await t.deps.jobs.run(MAIL_JOB)).toEqual({ ran: true, rows: 1, error: '' });
    expect(smtp.inbox.map((m) => [m.to[0], m.text.trim()])).toEqual([['u1@x.cn', '正文 1']]);
    const [sent] = await t.deps.db.selectFrom('mail_outbox').selectAll().execute();
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, error: '', sent_at: clock.now() });
  });

  it('gives up after the last attempt against an unreachable server and records why', async () => {
    const gone = await startSmtp();
    await gone.close(); // a port nobody listens on any more
    const clock = new ManualClock();
    const t = await makeTestApp(dialect, { SMTP_URL: gone.url }, { clock });
    open.push(t);
    await t.deps.mailer.send(mail(2));
    await t.deps.jobs.idle();
    for (const delay of MAIL_RETRY_DELAYS) {
      clock.advance(delay * 1000);
      const outcome = await t.deps.jobs.run(MAIL_JOB);
      expect(outcome.error).toMatch(/ECONNREFUSED/);
    }
    const [m] = await t.deps.db.selectFrom('mail_outbox').selectAll().execute();
    expect(m).toMatchObject({ status: 'failed', attempts: MAIL_RETRY_DELAYS.length + 1, sent_at: null });
    expect(m!.error).toMatch(/ECONNREFUSED/);
    clock.advance(86_400_000);
    expect(await t.deps.jobs.run(MAIL_JOB)).toEqual({ ran: true, rows: 0, error: '' }); // a failed message is not tried again
  });

  it('two instances on one database deliver every message exactly once', async () => {
    const smtp = await startSmtp();
    open.push(smtp);
    const db = await dialect.open();
    const second = await db.second();
    open.push(db, second);
    const a = await makeTestApp(dialect, { SMTP_URL: smtp.url }, { handle: db, scheduler: { kickRetryMs: 20 } });
    const b = await makeTestApp(dialect, { SMTP_URL: smtp.url }, { handle: second, scheduler: { kickRetryMs: 20 } });
    open.push(a, b);
    await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).deps.mailer.send(mail(i))));
    await Promise.all([a.deps.jobs.run(MAIL_JOB), b.deps.jobs.run(MAIL_JOB), a.deps.jobs.run(MAIL_JOB)]);
    await vi.waitFor(async () => {
      const left = await db.db.selectFrom('mail_outbox').select('id').where('status', '!=', 'sent').execute();
      expect(left).toEqual([]);
    });
    await Promise.all([a.deps.jobs.idle(), b.deps.jobs.idle()]);
    expect(smtp.inbox.map((m) => m.to[0]).sort()).toEqual(Array.from({ length: 12 }, (_, i) => `u${i}@x.cn`).sort());
  });

  it('without SMTP a message is stored in the outbox for the operator and no delivery is attempted', async () => {
    const t = await makeTestApp(dialect);
    open.push(t);
    await t.deps.mailer.send(mail(3));
    await t.deps.jobs.idle();
    const [m] = await t.deps.db.selectFrom('mail_outbox').selectAll().execute();
    expect(m).toMatchObject({ status: 'stored', attempts: 0, to_addr: 'u3@x.cn' });
    expect(await t.deps.jobs.run(MAIL_JOB)).toEqual({ ran: true, rows: 0, error: '' });
  });
});
