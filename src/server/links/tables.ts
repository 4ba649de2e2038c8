import type { Generated } from 'kysely';
import type { LinkView } from '../../shared/links.ts';

/** What the API adds to a stored link: the owner's company (joined) and the landing URL (derived). */
export type LinkViewOnly = 'customer' | 'landing_url';

/** Columns of a link the API never shows. */
export interface LinkRowOnly {
  id: Generated<number>;
  created_by: number;
  deleted_at: number | null;
}

/**
 * Promotion link (spec §3): every field the API shows — listed once, in `LinkView` (src/shared/links.ts) — plus
 * the row-only columns. `pageid` is the public id in landing and monitor URLs (digits only).
 */
export interface LinksTable extends Omit<LinkView, LinkViewOnly>, LinkRowOnly {}

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
