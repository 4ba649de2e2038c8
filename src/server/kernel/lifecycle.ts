/**
 * Shutdown hooks, owned by the process (one `Lifecycle` per dependency set): features that buffer writes
 * (event batches) or hold resources (timers, sockets, the scheduler) register here; the process runs them in
 * reverse order after the HTTP server stopped taking requests.
 */
type Hook = { name: string; run: () => Promise<void> | void };

export class Lifecycle {
  private hooks: Hook[] = [];

  onShutdown(name: string, run: Hook['run']): void {
    this.hooks.push({ name, run });
  }

  /** Run every hook once, last registered first; a failing hook is reported and the others still run. */
  async shutdown(report: (name: string, err?: unknown) => void): Promise<void> {
    for (const hook of this.hooks.splice(0).reverse()) {
      try {
        await hook.run();
        report(hook.name);
      } catch (err) {
        report(hook.name, err);
      }
    }
  }
}
