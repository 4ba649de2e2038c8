import type { Deps } from '../deps.ts';
import type { Actor } from '../kernel/actor.ts';

/** Hono context variables of the API app. */
export interface AppEnv {
  Variables: {
    deps: Deps;
    requestId: string;
    clientIp: string;
    actor?: Actor;
  };
}
