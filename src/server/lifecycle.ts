/**
 * Shutdown hooks: features that buffer writes (event batches) or hold resources register here;
 * main.ts runs them in reverse order after the HTTP server stopped taking requests.
 */
type Hook = { name: string; run: () => Promise<void> | void };
const hooks: Hook[] = [];

export function onShutdown(name: string, run: Hook['run']): void {
  hooks.push({ name, run });
}

export async function runShutdownHooks(log: (name: string, err?: unknown) => void): Promise<void> {
  for (const hook of hooks.splice(0).reverse()) {
    try {
      await hook.run();
      log(hook.name);
    } catch (err) {
      log(hook.name, err);
    }
  }
}
