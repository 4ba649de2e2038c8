import type { Generated } from 'kysely';
import type { LinkView } from '../../shared/links.ts';

/** What the API adds to a stored link: the owner's company (joined) and the landing URL (derived). */
export type LinkViewOnly = 'customer' | 'landing_url';

/** Columns of a link the API never shows. */
export interface LinkRowOnly {
  id: Generated<number>;
  created_by: number;
  deleted_at: number | null;
  /** 1: a link of the demo world (the only links demo traffic pings). */
  demo: Generated<number>;
}

/** Columns stored in another form than the API shows them (`toView` converts). */
export interface LinkStoredAs {
  /** Fen; 0 when no price is known (the API says null). */
  item_price: number;
}

/**
 * Promotion link (spec §3): every field the API shows — listed once, in `LinkView` (src/shared/links.ts) — plus
 * the row-only columns. `pageid` is the public id in landing and monitor URLs (digits only).
 */
export interface LinksTable extends Omit<LinkView, LinkViewOnly | keyof LinkStoredAs>, LinkStoredAs, LinkRowOnly {}

export interface LinkLogTable {
  id: Generated<number>;
  pageid: string;
  customerid: number;
  actor_id: number;
  /** create, update, delete, restore, publish … */
  action: string;
  at: number;
  /** JSON of the changed fields before and after. */
  before: string;
  after: string;
}

export interface LinksTables {
  links: LinksTable;
  link_log: LinkLogTable;
}
