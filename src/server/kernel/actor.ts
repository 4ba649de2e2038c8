import type { Selectable } from 'kysely';
import type { Role } from '../../shared/roles.ts';
import type { Database } from '../db/schema.ts';

/** The authenticated caller, as every service sees it (made by the accounts feature, carried by the HTTP layer). */
export interface Actor {
  userId: number;
  sessionId: string;
  role: Role;
  user: Selectable<Database['users']>;
}

/**
 * The caller behind an `Authorization` header, or a domain error (1009 login expired, 1001 banned). The accounts
 * feature implements it; the HTTP layer receives it through deps, so `http/` never imports a feature.
 */
export type Authenticate = (authorization: string | undefined) => Promise<Actor>;
