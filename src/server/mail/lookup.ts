/** The mail feature's read API for the others: the outbox newest first (the operator's `mail:list`), delivery status by id (reports). */
export { messageStatuses, recentMessages } from './store.ts';
