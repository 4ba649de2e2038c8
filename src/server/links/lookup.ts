/**
 * The links feature's read API for other features (tracking, landing pages, demo traffic): they read links
 * through these functions, never through the links store or the links table.
 */
export { findLinkByPageId as findLiveLink, linkFactsByPageId, linksDeletedBefore, liveDemoLinks, recentLivePageIds } from './store.ts';
