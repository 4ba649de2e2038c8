import { errorFields, log } from '../kernel/log.ts';

type Listener = (pageid: string) => void | Promise<void>;

/**
 * Link changes (create, update, delete), announced after the change has committed — the landing renderer
 * re-publishes the page's HTML. One instance per dependency set (`deps.linkEvents`), owned by the process.
 */
export class LinkEvents {
  private readonly listeners = new Set<Listener>();

  /** Subscribe; returns an unsubscribe function. */
  on(fn: Listener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Tell every listener; a listener's failure is logged and never reaches the request that made the change. */
  async emit(pageid: string): Promise<void> {
    for (const fn of [...this.listeners]) {
      try {
        await fn(pageid);
      } catch (err) {
        log.error('link change listener failed', { pageid, ...errorFields(err) });
      }
    }
  }
}
