/** The hourly report's sent-log: one row per user and reported hour, written with the queued mail (once per user-hour). */
export interface ReportSendsTable {
  user_id: number;
  /** Start of the reported hour, epoch seconds (China-time hours). */
  hour: number;
  /** The queued message in `mail_outbox` (its delivery status is the mail feature's). */
  mail_id: number;
  to_addr: string;
  created_at: number;
}

export interface ReportsTables {
  report_sends: ReportSendsTable;
}
