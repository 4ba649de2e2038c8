import { allows } from '../../../shared/access.ts';
import type { Role } from '../../../shared/roles.ts';
import { forbidden, invalid } from '../../kernel/errors.ts';
import type { ExportKind } from '../kind.ts';
import { dashboardDetailKind, itemAnalysisKind } from './boards.ts';
import { costOverviewKind } from './cost-overview.ts';
import { linksKind } from './links.ts';
import { ordersKind } from './orders.ts';
import { plansKind } from './plans.ts';
import { ruleEventsKind } from './rule-events.ts';

/**
 * Every export kind of the product, in the order the template editor offers them. A feature adds its list here
 * (one line) after writing `kinds/<kind>.ts` — CONTRIBUTING.md "Add an export kind".
 */
export const EXPORT_KINDS: readonly ExportKind[] = [
  linksKind,
  ordersKind,
  plansKind,
  costOverviewKind,
  dashboardDetailKind,
  itemAnalysisKind,
  ruleEventsKind,
];

const byName = new Map(EXPORT_KINDS.map((k) => [k.kind, k]));
if (byName.size !== EXPORT_KINDS.length) throw new Error('two export kinds share a name');

/** The kinds `role` may export. */
export const kindsFor = (role: Role): ExportKind[] => EXPORT_KINDS.filter((k) => allows(k.access, role));

/** A kind by name that `role` may use: 4000 when there is no such kind, 4003 when the role may not export it. */
export function kindFor(name: string, role: Role): ExportKind {
  const kind = byName.get(name);
  if (!kind) throw invalid('导出的数据类型不存在', { field: 'kind' });
  if (!allows(kind.access, role)) throw forbidden(`没有权限导出${kind.label}`);
  return kind;
}

/** A kind by name (the job and stored templates; no role check). */
export const kindNamed = (name: string): ExportKind | undefined => byName.get(name);
