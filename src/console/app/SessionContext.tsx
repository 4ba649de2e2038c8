import { createContext, useContext } from 'react';
import type { Role, Version } from '../../shared/roles.ts';
import type { Area, StoredUser } from '../lib/session.ts';

export interface Session {
  /** null on public screens */
  area: Area | null;
  user: StoredUser | null;
  role: Role | null;
  version: Version;
}

export const SessionContext = createContext<Session>({ area: null, user: null, role: null, version: 'ver2' });

export const useSession = (): Session => useContext(SessionContext);
