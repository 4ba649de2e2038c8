/** The mail feature's read API for the others (the operator's `mail:list`): the outbox, newest first. */
export { recentMessages } from './store.ts';
