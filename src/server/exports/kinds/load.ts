import { allows } from '../../../shared/access.ts';
import type { Role } from '../../../shared/roles.ts';
import { forbidden, invalid } from '../../kernel/errors.ts';
import type { ExportKind } from '../kind.ts';

/**
 * Each kind's module by name, imported only when a file of that kind is written: an export worker thread loads the
 * one feature it exports, not every kind's list code (its memory is mostly code, bench/README.md "Exports: 1 M rows
 * under 200 MB"). The same names as `EXPORT_KINDS` in index.ts (a test checks).
 */
export const KIND_MODULES: Readonly<Record<string, () => Promise<ExportKind>>> = {
  links: async () => (await import('./links.ts')).linksKind,
  orders: async () => (await import('./orders.ts')).ordersKind,
  plans: async () => (await import('./plans.ts')).plansKind,
  costOverview: async () => (await import('./cost-overview.ts')).costOverviewKind,
  dashboardDetail: async () => (await import('./boards.ts')).dashboardDetailKind,
  itemAnalysis: async () => (await import('./boards.ts')).itemAnalysisKind,
  ruleEvents: async () => (await import('./rule-events.ts')).ruleEventsKind,
};

/** kindFor (index.ts) by import on demand: 4000 when there is no such kind, 4003 when the role may not export it. */
export async function loadKind(name: string, role: Role): Promise<ExportKind> {
  const load = Object.hasOwn(KIND_MODULES, name) ? KIND_MODULES[name] : undefined;
  if (!load) throw invalid('导出的数据类型不存在', { field: 'kind' });
  const kind = await load();
  if (!allows(kind.access, role)) throw forbidden(`没有权限导出${kind.label}`);
  return kind;
}
