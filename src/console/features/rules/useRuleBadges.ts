import { ruleBadges } from '../../../shared/api/rules.ts';
import type { PromoteRow } from '../../../shared/promote-schemas.ts';
import { useQuery } from '../../lib/useApi.ts';

/** Which enabled rules watch the plans of a promotion list page (plan id → rule names); nothing for other levels. */
export function useRuleBadges(rows: readonly PromoteRow[]): Map<string, string[]> {
  const plans = rows.filter((r) => r.type === 'plan');
  const acpl = plans[0]?.channel;
  const q = useQuery(ruleBadges, acpl === undefined ? null : { acpl, ids: plans.map((r) => r.id) }, { silent: true });
  return new Map((q.data?.list ?? []).filter((b) => b.rules > 0).map((b) => [b.id, b.names]));
}
