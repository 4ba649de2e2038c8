import { log, errorFields } from '../kernel/log.ts';

type Listener = (pageid: string) => void | Promise<void>;
const listeners = new Set<Listener>();

/**
 * Subscribe to link changes (create, update, delete), called after the change has committed — the landing
 * renderer re-publishes the page's HTML. Returns an unsubscribe function.
 */
export function onLinkChanged(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Tell every listener; a listener's failure is logged and never reaches the request that made the change. */
export async function emitLinkChanged(pageid: string): Promise<void> {
  for (const fn of [...listeners]) {
    try {
      await fn(pageid);
    } catch (err) {
      log.error('link change listener failed', { pageid, ...errorFields(err) });
    }
  }
}
