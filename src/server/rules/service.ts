/**
 * Rules as the API calls them (docs/rules.md): every call scoped to the caller's tenants (customers their own plans,
 * agents their sub-customers', admins all); a rule is checked completely before anything is saved.
 */
import { chinaDayStart } from '../../shared/china-clock.ts';
import { PROMOTE_CHANNELS, type PromoteChannel } from '../../shared/promote.ts';
import { RULE_TEMPLATES } from '../../shared/rule-templates.ts';
import { MAX_WINDOW_DAYS, MAX_WINDOW_HOURS, RULE_METRICS, type RuleInput, type RuleView } from '../../shared/rules.ts';
import { companiesOf, findCustomer } from '../accounts/lookup.ts';
import { boundAdvertisers } from '../ads/lookup.ts';
import type { Deps } from '../deps.ts';
import type { Actor } from '../kernel/actor.ts';
import { AppError, forbidden, invalid, notFound } from '../kernel/errors.ts';
import { checkEditable } from '../promotion/changes.ts';
import { promoteScope } from '../promotion/scope.ts';
import { candidates } from '../promotion/tree-store.ts';
import { evaluate } from './evaluate.ts';
import { columnsOf, type RuleRow, ruleOf, viewOf } from './model.ts';
import * as store from './store.ts';

/** Refuse, in words a person can act on, what the schema cannot judge alone. Nothing is saved on a refusal. */
export function checkRule(deps: Pick<Deps, 'config'>, r: RuleInput): void {
  if (!(PROMOTE_CHANNELS as readonly number[]).includes(r.acpl)) throw invalid('不支持的广告平台', { field: 'acpl' });
  for (const c of r.conditions)
    if (!(c.metric in RULE_METRICS))
      throw invalid(
        `未知的指标「${c.metric}」，可选：${Object.values(RULE_METRICS)
          .map((m) => m.label)
          .join('、')}`,
        { field: 'conditions' },
      );
  const hoursKept = Math.min(
    MAX_WINDOW_HOURS,
    deps.config.HOURLY_RETENTION_DAYS > 0 ? deps.config.HOURLY_RETENTION_DAYS * 24 : MAX_WINDOW_HOURS,
  );
  if (r.window.kind === 'hours' && r.window.n > hoursKept)
    throw invalid(`按小时的时间窗口最长 ${hoursKept} 小时（超出小时数据的保留与查询范围）`, { field: 'window' });
  if (r.window.kind === 'days' && r.window.n > MAX_WINDOW_DAYS)
    throw invalid(`按天的时间窗口最长 ${MAX_WINDOW_DAYS} 天（超出数据查询范围）`, { field: 'window' });
  if (r.schedule.kind === 'times' && r.schedule.times.length === 0)
    throw invalid('请至少填写一个执行时间（HH:MM，北京时间）', { field: 'schedule' });
  const a = r.action;
  if (a.min > 0 && a.max > 0 && a.min > a.max) throw invalid(`下限（¥${a.min}）不能高于上限（¥${a.max}）`, { field: 'action' });
  if (a.kind === 'budget' || a.kind === 'bid') {
    if (a.value <= 0) throw invalid(a.mode === 'set' ? '请填写要设定的金额' : '请填写调整的幅度', { field: 'action' });
    if (a.mode === 'lower' && a.by === 'percent' && a.value >= 100) throw invalid('降低的百分比必须小于 100%', { field: 'action' });
    if (a.by === 'percent' && a.value > 1000) throw invalid('调整的百分比不能超过 1000%', { field: 'action' });
  }
  if (a.kind !== 'notify') {
    try {
      checkEditable(r.acpl as PromoteChannel, 'plan', a.kind === 'pause' || a.kind === 'resume' ? 'status' : a.kind);
    } catch (err) {
      if (err instanceof AppError)
        throw invalid(
          `${err.message}，规则不能对计划执行「${a.kind === 'budget' ? '调整日预算' : a.kind === 'bid' ? '调整出价' : '启用或暂停'}」`,
          { field: 'action' },
        );
      throw err;
    }
  }
  if (r.scope.kind !== 'customer' && r.scope.ids.length === 0) throw invalid('请选择规则作用的账户、广告组或计划', { field: 'scope' });
}

/** The customer a rule watches: the caller's own or one in its tenancy; never someone else's. */
async function customerOf(deps: Deps, actor: Actor, wanted: number | undefined): Promise<number> {
  const scope = await promoteScope(deps.db, actor);
  const id = wanted ?? (scope === null ? undefined : actor.userId);
  if (id === undefined) throw invalid('请选择客户（customerid）', { field: 'customerid' });
  if (scope !== null && !scope.includes(id))
    throw forbidden(actor.role === 4 ? '只能为自己或名下子客户设置规则' : '只能为自己的账号设置规则');
  if (!(await findCustomer(deps.db, id))) throw notFound('客户不存在');
  return id;
}

/** Every id of a scope must be the customer's own account, campaign or plan on the channel. */
async function checkScopeIds(deps: Deps, r: RuleInput, customerid: number): Promise<void> {
  if (r.scope.kind === 'customer') return;
  const wanted = [...new Set(r.scope.ids)];
  let found: string[];
  if (r.scope.kind === 'accounts') found = (await boundAdvertisers(deps.db, [customerid], r.acpl)).map((a) => a.advertiser_id);
  else {
    const level = r.scope.kind === 'campaigns' ? 'campaign' : 'plan';
    found = (
      await candidates(deps.db, { scope: [customerid], level, platform: r.acpl })
        .select('e.entity_id')
        .where('e.entity_id', 'in', wanted)
        .execute()
    ).map((e) => e.entity_id);
  }
  const missing = wanted.filter((id) => !found.includes(id));
  if (missing.length)
    throw notFound(
      `${missing.length} 个所选${{ accounts: '账户', campaigns: '广告组', plans: '计划' }[r.scope.kind]}不存在或不属于该客户（${missing.slice(0, 3).join('、')}），未保存`,
    );
}

async function views(deps: Deps, rows: RuleRow[]): Promise<RuleView[]> {
  const [companies, authors, today] = await Promise.all([
    companiesOf(
      deps.db,
      rows.map((r) => Number(r.customerid)),
    ),
    companiesOf(
      deps.db,
      rows.map((r) => Number(r.created_by)),
    ),
    store.countToday(
      deps.db,
      rows.map((r) => Number(r.id)),
      chinaDayStart(deps.clock.now()),
    ),
  ]);
  return rows.map((r) =>
    viewOf(r, {
      customer: companies.get(Number(r.customerid)) ?? '',
      author: authors.get(Number(r.created_by)) ?? `#${r.created_by}`,
      actionsToday: today.get(Number(r.id)) ?? 0,
    }),
  );
}

async function requireRule(deps: Deps, actor: Actor, id: number): Promise<RuleRow> {
  const row = await store.findRule(deps.db, await promoteScope(deps.db, actor), id);
  if (!row) throw notFound('规则不存在或无权查看');
  return row;
}

export async function listRules(
  deps: Deps,
  actor: Actor,
  input: { page: number; pagesize: number; customerid?: number; acpl?: number; exact?: string },
) {
  const scope = await promoteScope(deps.db, actor);
  const { rows, total } = await store.listRules(
    deps.db,
    scope,
    { customerid: input.customerid, platform: input.acpl, exact: input.exact },
    input.pagesize,
    (input.page - 1) * input.pagesize,
  );
  return { list: await views(deps, rows), total };
}

export const ruleDetail = async (deps: Deps, actor: Actor, id: number) => (await views(deps, [await requireRule(deps, actor, id)]))[0]!;

export async function saveRule(deps: Deps, actor: Actor, input: RuleInput & { id?: number }): Promise<RuleView> {
  checkRule(deps, input);
  const existing = input.id === undefined ? null : await requireRule(deps, actor, input.id);
  const customerid =
    existing && input.customerid === undefined ? Number(existing.customerid) : await customerOf(deps, actor, input.customerid);
  await checkScopeIds(deps, input, customerid);
  const now = deps.clock.now();
  const cols = columnsOf(input, customerid);
  let id: number;
  if (existing) {
    id = Number(existing.id);
    await store.updateRule(deps.db, id, { ...cols, version: Number(existing.version) + 1, updated_by: actor.userId, updated_at: now });
  } else
    id = await store.insertRule(deps.db, { ...cols, created_by: actor.userId, updated_by: actor.userId, created_at: now, updated_at: now });
  return ruleDetail(deps, actor, id);
}

export async function toggleRule(deps: Deps, actor: Actor, id: number, enabled: boolean): Promise<RuleView> {
  const row = await requireRule(deps, actor, id);
  await store.updateRule(deps.db, Number(row.id), { enabled: enabled ? 1 : 0, updated_by: actor.userId, updated_at: deps.clock.now() });
  return ruleDetail(deps, actor, id);
}

export async function deleteRule(deps: Deps, actor: Actor, id: number) {
  const row = await requireRule(deps, actor, id);
  await store.updateRule(deps.db, Number(row.id), { deleted_at: deps.clock.now(), enabled: 0, updated_by: actor.userId });
  return { id };
}

/** The dry run: a saved rule (its limits count) or a draft, evaluated now; nothing is sent or recorded. */
export async function previewRule(deps: Deps, actor: Actor, input: { id?: number; rule?: RuleInput }) {
  let rule: RuleInput & { customerid: number };
  let ruleId: number | null = null;
  if (input.rule) {
    checkRule(deps, input.rule);
    const customerid = await customerOf(deps, actor, input.rule.customerid);
    await checkScopeIds(deps, input.rule, customerid);
    rule = { ...input.rule, customerid };
  } else if (input.id !== undefined) {
    const r = ruleOf(await requireRule(deps, actor, input.id));
    rule = r;
    ruleId = r.id;
  } else throw invalid('请提供规则 id 或规则内容', { field: 'rule' });
  const ev = await evaluate(deps, rule, ruleId, deps.clock.now());
  const list = ev.verdicts.map(({ target: _t, plan: _p, ...v }) => v);
  return {
    window: ev.window,
    evaluated: list.length,
    matched: list.filter((v) => v.matched).length,
    acting: list.filter((v) => v.verdict === 'act').length,
    waiting: ev.waiting,
    list: list.slice(0, 200),
  };
}

export const ruleTemplates = () => ({ list: RULE_TEMPLATES.map((t) => ({ ...t, rule: { ...t.rule } })) });

/** Which enabled rules watch these plans (the promotion list's badge). */
export async function ruleBadges(deps: Deps, actor: Actor, input: { acpl: number; ids: string[] }) {
  const scope = await promoteScope(deps.db, actor);
  if (!input.ids.length) return { list: [] };
  const plans = await candidates(deps.db, { scope, level: 'plan', platform: input.acpl })
    .select(['e.entity_id', 'e.customerid', 'e.advertiser_id', 'e.campaign_id'])
    .where('e.entity_id', 'in', input.ids)
    .execute();
  const rules = (await store.rulesOfCustomers(deps.db, input.acpl, [...new Set(plans.map((p) => Number(p.customerid)))])).map(ruleOf);
  return {
    list: plans.map((p) => {
      const names = rules
        .filter((r) => r.customerid === Number(p.customerid))
        .filter((r) => {
          const ids = r.scope.ids;
          return (
            r.scope.kind === 'customer' ||
            ids.includes(r.scope.kind === 'accounts' ? p.advertiser_id : r.scope.kind === 'campaigns' ? p.campaign_id : p.entity_id)
          );
        })
        .map((r) => r.name);
      return { id: p.entity_id, rules: names.length, names };
    }),
  };
}
