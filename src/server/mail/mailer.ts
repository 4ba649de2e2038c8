import nodemailer, { type Transporter } from 'nodemailer';
import type { Clock } from '../kernel/clock.ts';
import type { Db, Executor } from '../kernel/executor.ts';
import { insertMessage } from './store.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative to the text (sent as multipart/alternative). */
  html?: string;
  /** Extra headers (e.g. List-Unsubscribe). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Whether messages go out over SMTP (else they are kept in the outbox for the operator). */
  readonly smtp: boolean;
  /**
   * Put a message in the outbox: queued for the mail job with SMTP, 'stored' without. Returns its outbox id.
   * `opts.db`: write it inside the caller's transaction (queued together with the caller's own rows).
   */
  send(mail: Mail, opts?: { db?: Executor }): Promise<number>;
  /** One delivery attempt over SMTP (the mail job); throws the transport's error. */
  deliver(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * Every message is recorded in the outbox table. With SMTP_URL it is queued and the mail job delivers it, with
 * retries (`onQueued` kicks the job at once, so a password-reset code goes out within moments); without, it
 * stays 'stored' for the operator to read (`npm run cli -- mail:list`).
 */
export function createMailer(db: Db, clock: Clock, opts: { smtpUrl?: string; from: string; onQueued?: () => void }): Mailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    smtp: transport !== null,
    async send(mail, o = {}) {
      const now = clock.now();
      const id = await insertMessage(o.db ?? db, {
        created_at: now,
        to_addr: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? '',
        headers: JSON.stringify(mail.headers ?? {}),
        status: transport ? 'queued' : 'stored',
        error: '',
        next_attempt_at: now,
      });
      // A kick before the caller's transaction commits finds nothing yet; the job's next run (≤ 30 s) sends it.
      if (transport) opts.onQueued?.();
      return id;
    },
    async deliver(mail) {
      if (!transport) throw new Error('SMTP_URL is not configured');
      await transport.sendMail({
        from: opts.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
    },
    close() {
      transport?.close();
    },
  };
}
