import type { Generated } from 'kysely';

export interface MailOutboxTable {
  id: Generated<number>;
  created_at: number;
  to_addr: string;
  subject: string;
  text: string;
  /** 'stored' (no SMTP configured), 'sent', 'failed'. */
  status: string;
  error: string;
}

export interface MailTables {
  mail_outbox: MailOutboxTable;
}
