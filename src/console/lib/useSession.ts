import { createContext, useContext } from 'react';
import type { Role, Version } from '../../shared/roles.ts';
import type { Area } from './access.ts';
import type { StoredUser } from './session.ts';

/** Who is signed in, known after the first user-info call (app/SessionGate.tsx provides it). */
export interface Session {
  /** null on public screens */
  area: Area | null;
  user: StoredUser | null;
  role: Role | null;
  version: Version;
}

export const anonymousSession: Session = { area: null, user: null, role: null, version: 'ver2' };

export const SessionContext = createContext<Session>(anonymousSession);

export const useSession = (): Session => useContext(SessionContext);
