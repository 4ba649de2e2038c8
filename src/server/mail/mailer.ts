import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../kernel/executor.ts';
import { insertMessage } from './store.ts';
import type { Clock } from '../kernel/clock.ts';
import { log, errorFields } from '../kernel/log.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * Every message is recorded in the outbox table. With SMTP_URL it is also delivered over SMTP
 * (status 'sent' or 'failed'); without, it stays 'stored' for the operator to read (`npm run cli -- mail:list`).
 */
export function createMailer(db: Db, clock: Clock, opts: { smtpUrl?: string; from: string }): Mailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(mail) {
      let status = 'stored';
      let error = '';
      if (transport) {
        try {
          await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text });
          status = 'sent';
        } catch (err) {
          status = 'failed';
          error = err instanceof Error ? err.message : String(err);
          log.warn('mail delivery failed', { to: mail.to, ...errorFields(err) });
        }
      }
      await insertMessage(db, { created_at: clock.now(), to_addr: mail.to, subject: mail.subject, text: mail.text, status, error });
    },
    close() {
      transport?.close();
    },
  };
}
