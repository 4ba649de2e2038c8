/**
 * The `ruleEvents` export kind (自动规则执行记录): the file, read back (XLSX with exceljs, CSV as text), equals the
 * rules history list's own answer for the same filters — same rows, same order (newest first), the list's words
 * for matched values, action and outcome — across several keyset pages, in the caller's tenants only (a customer
 * its own rules' rows, an agent its sub-customers', an admin every customer's). Audit rows are written by the
 * rules job's own claim (`claimEvents`), as the job writes them.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/server/accounts/store.ts';
import { EXPORT_JOB } from '../../src/server/exports/service.ts';
import { claimEvents } from '../../src/server/rules/store.ts';
import { channelLabel } from '../../src/shared/catalog.ts';
import type { ExportView } from '../../src/shared/exports.ts';
import { eventActionText, valuesText } from '../../src/shared/rule-text.ts';
import type { RuleEvent, RuleView } from '../../src/shared/rules.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { testClock } from '../support/clock.ts';
import { dialects } from '../support/dialects.ts';
import { loginAs, makeUser } from '../support/factories.ts';
import { download, readXlsx } from '../support/factories-exports.ts';

const CHINA = 8 * 3600;
const chinaWall = (sec: number) => new Date((sec + CHINA) * 1000);

describe.each(dialects())('rule history export on $name', (dialect) => {
  let t: TestApp;
  const users: Record<string, UserRow> = {};
  const tok: Record<string, string> = {};
  const rules: Record<string, number> = {};

  const post = async <T>(who: string, path: string, body: unknown) => (await t.post<T>(path, body, { token: tok[who] })).body;
  const history = async (who: string, filters: Record<string, unknown> = {}) =>
    (await post<{ list: RuleEvent[]; total: number }>(who, '/capi/napi/rules/history', { ...filters, pagesize: 100 })).data;
  async function exported(who: string, format: 'xlsx' | 'csv', filters: Record<string, unknown> = {}) {
    const r = await post<ExportView>(who, '/capi/napi/export/create', { kind: 'ruleEvents', format, filters });
    expect(r).toMatchObject({ code: 1 });
    if (r.data.state !== 'done') {
      await t.deps.jobs.idle();
      await t.deps.jobs.run(EXPORT_JOB);
    }
    const made = (await post<ExportView>(who, '/capi/napi/export/status', { id: r.data.id })).data;
    expect(made.state).toBe('done');
    const link = (await post<{ url: string }>(who, '/capi/napi/export/link', { id: made.id })).data;
    return { made, body: (await download(t, link.url, { token: tok[who] })).body };
  }
  const cells = (e: RuleEvent) => [
    chinaWall(e.at),
    e.rule_id,
    e.rule_name,
    e.rule_version,
    channelLabel(e.channel),
    e.advertiser_id,
    e.plan_id,
    e.plan_name,
    valuesText(e.values),
    eventActionText(e),
    e.outcome_label,
    e.message || undefined, // an empty cell
    e.change_id || undefined,
    e.author,
  ];

  beforeAll(async () => {
    const clock = testClock();
    t = await makeTestApp(dialect, { EXPORT_INLINE_ROWS: '2' }, { clock });
    users.agent = await makeUser(t.deps, { role: 4, company: '规则代理' });
    users.sub = await makeUser(t.deps, { role: 3, parentEmail: users.agent.email, company: '规则子客户' });
    users.other = await makeUser(t.deps, { role: 3, company: '规则别家' });
    users.admin = await makeUser(t.deps, { role: 2 });
    for (const [k, u] of Object.entries(users)) tok[k] = await loginAs(t, u.email);
    const rule = (name: string) => ({
      name,
      acpl: 2,
      scope: { kind: 'customer', ids: [] },
      conditions: [{ metric: 'roi', op: 'lt', value: 1, min_cost: 200 }],
      window: { kind: 'today' },
      action: { kind: 'notify' },
      schedule: { kind: 'every', minutes: 30 },
    });
    rules.sub = (await post<RuleView>('sub', '/capi/napi/rules/save', rule('子客户止损'))).data.id;
    rules.sub2 = (await post<RuleView>('sub', '/capi/napi/rules/save', rule('子客户无单提醒'))).data.id;
    rules.other = (await post<RuleView>('other', '/capi/napi/rules/save', rule('别家止损'))).data.id;
    const now = clock.now();
    const event = (ruleId: number, customerid: number, i: number, over: Record<string, unknown> = {}) =>
      claimEvents(t.deps.db, [
        {
          rule_id: ruleId,
          rule_version: 1,
          customerid,
          platform: 2,
          advertiser_id: `17600000000000${customerid}`,
          plan_id: `73000000000${1000 + i}`,
          plan_name: `计划 ${i}`,
          slot: now - 1800 * i,
          day: now - (now % 86400),
          matched: JSON.stringify({ roi: 0.25 + i / 100, sum_cost: 300 + i }),
          action: 'notify',
          before: '',
          after: '',
          outcome: 'notified',
          message: '',
          change_id: 0,
          author_id: customerid,
          at: now - 60 * (10 - i),
          finished_at: now,
          ...over,
        },
      ]);
    for (let i = 0; i < 5; i++) await event(rules.sub, users.sub.id, i);
    await event(rules.sub2, users.sub.id, 5, {
      action: 'budget',
      before: '500.00',
      after: '550.00',
      outcome: 'refused',
      message: '单次修改预算幅度不能低于 100 元, "巨量"',
      change_id: 42,
      matched: JSON.stringify({ roi: null, ordernum: 0 }),
    });
    for (let i = 0; i < 2; i++) await event(rules.other, users.other.id, 10 + i);
  });
  afterAll(() => t.close());
  afterEach(() => {
    delete process.env.XP_PAGE;
  });

  it('the XLSX file is the history list, row for row, across keyset pages', async () => {
    process.env.XP_PAGE = '2'; // six rows in pages of two
    const listed = await history('sub');
    expect(listed.total).toBe(6);
    const { made, body } = await exported('sub', 'xlsx');
    expect(made.rows_total).toBe(6);
    const [sheet] = await readXlsx(body);
    expect(sheet!.header).toEqual([
      '时间',
      '规则编号',
      '规则',
      '规则版本',
      '广告平台',
      '广告账户 ID',
      '计划 ID',
      '计划名称',
      '命中值',
      '动作',
      '结果',
      '平台答复',
      '变更记录编号',
      '规则作者',
    ]);
    expect(sheet!.rows).toEqual(listed.list.map(cells));
    expect(sheet!.rows[0]).toContain('调整日预算 500.00 → 550.00');
    expect(sheet!.rows[0]).toContain('ROI -- · 订单数 0');
  });

  it('CSV with a rule filter equals the list for that rule; quoting keeps the platform’s message whole', async () => {
    const one = await history('sub', { id: rules.sub2 });
    expect(one.total).toBe(1);
    const csv = (await exported('sub', 'csv', { id: rules.sub2 })).body.subarray(3).toString('utf8').split('\r\n');
    expect(csv[0]!.split(',')).toHaveLength(14);
    expect(csv[1]).toContain('"单次修改预算幅度不能低于 100 元, ""巨量"""');
    expect(csv[1]).toContain(`,${rules.sub2},子客户无单提醒,1,巨量引擎,`);
    expect(csv.slice(2)).toEqual(['']);
  });

  it("each caller exports only its tenants' rows: customer, agent, another customer, admin", async () => {
    const ids = async (who: string) => {
      const [sheet] = await readXlsx((await exported(who, 'xlsx')).body);
      return sheet!.rows.map((r) => r[6]);
    };
    const planIds = async (who: string) => (await history(who)).list.map((e) => e.plan_id);
    expect(await ids('agent')).toEqual(await planIds('sub'));
    expect(await ids('other')).toEqual(await planIds('other'));
    expect(await ids('other')).toHaveLength(2);
    expect(await ids('admin')).toEqual(await planIds('admin'));
    expect(await ids('admin')).toHaveLength(8);
    // another tenant's rule in the filters is no error: the file has the header and no rows, as the list
    const foreign = await exported('other', 'xlsx', { id: rules.sub });
    expect(foreign.made.rows_total).toBe(0);
    expect((await readXlsx(foreign.body))[0]!.rows).toEqual([]);
    expect(await post('sub', '/capi/napi/export/create', { kind: 'ruleEvents', filters: { id: -1 } })).toMatchObject({ code: 4000 });
  });
});
