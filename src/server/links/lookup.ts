/**
 * The links feature's read API for other features (tracking, landing pages, demo traffic): they read links
 * through these functions, never through the links store or the links table.
 */
import type { Executor } from '../kernel/executor.ts';

export {
  findLinkByPageId as findLiveLink,
  linkFactsByPageId,
  linksDeletedBefore,
  liveDemoLinks,
  recentLivePageIds,
  udLinksByMonitorUrl,
} from './store.ts';

/** Pageids of the links on one shop platform, deleted ones included, as a subquery (the promotion tree's sub-platform filter). */
export const pageidsOfPlatform = (db: Executor, platform: number) =>
  db.selectFrom('links').select('links.pageid').where('links.platform', '=', platform);

/** Every link's shop platform by pageid, deleted ones included, as a table to join (the promotion rollup's sub-platforms). */
export const linkPlatforms = (db: Executor) => db.selectFrom('links').select(['links.pageid as pageid', 'links.platform as platform']);

/** What the promotion screens show of the links ads drive (deleted ones included, marked). */
export const linkSummaries = async (db: Executor, pageids: string[]) =>
  pageids.length === 0
    ? []
    : db
        .selectFrom('links')
        .select([
          'pageid',
          'customerid',
          'title',
          'platform',
          'state',
          'jumptype',
          'itemid',
          'item_title',
          'item_image',
          'created_at',
          'deleted_at',
        ])
        .where('pageid', 'in', pageids.slice(0, 1000))
        .execute();
