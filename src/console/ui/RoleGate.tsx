import type { ReactNode } from 'react';
import { useHidden } from './useHidden.ts';

/** Renders children unless the spec §6 hide rule hides them for the current role. */
export function RoleGate({ hide, children }: { hide: string | number | undefined; children: ReactNode }): ReactNode {
  return useHidden(hide) ? null : children;
}
