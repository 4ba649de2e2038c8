import { isHidden } from '../lib/hide.ts';
import { useSession } from '../lib/useSession.ts';

/** Spec §6 hide rule for the signed-in user's role ('no3', '1,2', '3'). */
export function useHidden(rule: string | number | null | undefined): boolean {
  const { user } = useSession();
  return isHidden(rule, user?.userrole ?? null);
}
