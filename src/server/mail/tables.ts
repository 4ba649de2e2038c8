import type { Generated } from 'kysely';

export interface MailOutboxTable {
  id: Generated<number>;
  created_at: number;
  to_addr: string;
  subject: string;
  text: string;
  /** The HTML alternative ('' for text-only mail). */
  html: Generated<string>;
  /** JSON object of extra headers (List-Unsubscribe …). */
  headers: Generated<string>;
  /** 'queued' (waiting for the mail job), 'sent', 'failed' (gave up after the last attempt), 'stored' (no SMTP configured). */
  status: string;
  /** The last delivery error ('' when none). */
  error: string;
  /** Delivery attempts so far. */
  attempts: Generated<number>;
  /** Epoch seconds: a queued message is not tried before this. */
  next_attempt_at: Generated<number>;
  sent_at: number | null;
}

export interface MailTables {
  mail_outbox: MailOutboxTable;
}
