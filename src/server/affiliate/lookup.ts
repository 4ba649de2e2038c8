/**
 * The affiliate feature's read API for other features (order attribution): which links carry a tracking key.
 */
export { type AffiliateLinkRow, byTrackingKeys as linksByTrackingKeys, findByPageId as affiliateLinkOf } from './store.ts';
