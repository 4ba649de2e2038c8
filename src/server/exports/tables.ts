import type { Generated } from 'kysely';

/** A user's named, ordered choice of columns for one kind of list (spec §3 export template). */
export interface ExportTemplatesTable {
  id: Generated<number>;
  user_id: number;
  /** The export kind (`exports/kinds/`), e.g. 'links'. */
  kind: string;
  name: string;
  /** JSON array of column keys, in file order. */
  columns: string;
  created_at: number;
  updated_at: number;
}

/** One export: a file of one kind for the current filters, made at once or by the export job, kept until `expires_at`. */
export interface ExportsTable {
  id: Generated<number>;
  /** The owner: only they (or an admin) may download it. */
  user_id: number;
  kind: string;
  /** xlsx · csv */
  format: string;
  /** The template it was made with, 0 for all columns. */
  template_id: Generated<number>;
  /** The file name without its extension (Chinese, e.g. 推广链接-20261121-1030). */
  title: Generated<string>;
  /** JSON array of column keys. */
  columns: string;
  /** JSON of the list's filters, as validated by the kind. */
  filters: string;
  /** queued · running · done · failed · expired */
  state: string;
  rows_total: Generated<number>;
  rows_done: Generated<number>;
  bytes: Generated<number>;
  /** Where the file lives in object storage ('' until done, and again once expired). */
  storage_key: Generated<string>;
  /** The Chinese reason of a failure. */
  error: Generated<string>;
  created_at: number;
  started_at: Generated<number>;
  /** Renewed while a job writes it: a running export whose heartbeat stopped is started again. */
  heartbeat_at: Generated<number>;
  finished_at: Generated<number>;
  /** When the file is deleted (the cleanup job), 0 while not done. */
  expires_at: Generated<number>;
}

export interface ExportsTables {
  export_templates: ExportTemplatesTable;
  exports: ExportsTable;
}
