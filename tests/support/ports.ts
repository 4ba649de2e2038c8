/**
 * Ports for test servers. `freePort()` gives one that binds on 127.0.0.1 now, drawn below Linux's ephemeral range
 * (32768–60999, where outgoing connections take their local ports), so a client socket elsewhere on the machine cannot
 * hold it by the time the server listens — and a server restarted on it finds it free again.
 */
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  for (;;) {
    const candidate = 10_000 + Math.floor(Math.random() * 22_000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(candidate, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return candidate;
  }
}
