/**
 * One tick of the rules job (docs/rules.md#execution): every enabled rule whose schedule slot has come, read in
 * batches — the batch's authors and customers, plans, window sums, accounts and limits in a few queries whatever
 * its size (`readRules`) — then evaluated and acted on one rule after another (`runRule`), yielding between rules.
 * A rule that called a platform ends its batch: the rules after it are read again, so a plan it paused or an account
 * it found dead reads as it now is, and each rule gives the verdicts it would give alone. A batch that fails to read
 * is read again one rule at a time, so a failure is the failing rule's own.
 */
import { type UserRow, usersByIds } from '../accounts/lookup.ts';
import type { Deps } from '../deps.ts';
import type { JobContext, JobResult } from '../jobs/types.ts';
import type { Actor } from '../kernel/actor.ts';
import { errorFields, log } from '../kernel/log.ts';
import { authorOf } from './author.ts';
import { type RuleReads, readRules } from './evaluate.ts';
import { runRule } from './execute.ts';
import { type Rule, type RuleRow, ruleOf, slotOf } from './model.ts';
import * as store from './store.ts';

/** Rules read together. */
export const RULES_PER_BATCH = 200;

interface Due {
  /** Position in the tick's list of enabled rules. */
  index: number;
  rule: Rule;
  slot: number;
}

/** The next due rules from `from` (at most `size`), and where the list was left. */
function dueFrom(rows: RuleRow[], from: number, size: number, now: number): { due: Due[]; end: number } {
  const due: Due[] = [];
  let end = from;
  while (end < rows.length && due.length < size) {
    const row = rows[end]!;
    const rule = ruleOf(row);
    const slot = slotOf(rule.schedule, now);
    if (!(slot <= Number(row.last_slot) || (rule.schedule.kind === 'times' && slot < Number(row.created_at))))
      due.push({ index: end, rule, slot });
    end += 1;
  }
  return { due, end };
}

/** What a batch reads: its users (authors, customers), and the reads of each rule whose author may act. */
async function readBatch(deps: Deps, due: Due[], now: number) {
  const users = new Map<number, UserRow>(
    (await usersByIds(deps.db, [...new Set(due.flatMap((d) => [d.rule.created_by, d.rule.customerid]))])).map((u) => [Number(u.id), u]),
  );
  const authors = new Map<Due, Actor | null>(due.map((d) => [d, authorOf(users.get(d.rule.created_by), d.rule)]));
  const acting = due.filter((d) => authors.get(d));
  const reads = await readRules(
    deps,
    acting.map((d) => ({ rule: d.rule, ruleId: d.rule.id })),
    now,
  );
  return { users, authors, reads: new Map<Due, RuleReads>(acting.map((d, i) => [d, reads[i]!])) };
}

async function failed(deps: Deps, d: Due, now: number, err: unknown): Promise<void> {
  log.error('rule evaluation failed', { rule: d.rule.id, ...errorFields(err) });
  await store.updateRule(deps.db, d.rule.id, {
    last_slot: d.slot,
    last_run_at: now,
    last_result: `评估失败：${err instanceof Error ? err.message : '未知错误'}`,
  });
}

/** One tick: every enabled rule whose slot has come, in batches of `batchSize`. */
export async function runDueRules(deps: Deps, ctx: Pick<JobContext, 'signal' | 'yield'>, batchSize = RULES_PER_BATCH): Promise<JobResult> {
  const rows = await store.enabledRules(deps.db);
  let count = 0;
  let failures = 0;
  let next = 0;
  /** Due rules still to read one at a time (their batch failed to read). */
  let alone = 0;
  while (next < rows.length && !ctx.signal.aborted) {
    const now = deps.clock.now();
    const { due, end } = dueFrom(rows, next, alone > 0 ? 1 : batchSize, now);
    if (!due.length) break;
    let batch: Awaited<ReturnType<typeof readBatch>>;
    try {
      batch = await readBatch(deps, due, now);
    } catch (err) {
      if (due.length > 1) {
        alone = due.length;
        continue;
      }
      failures += 1;
      await failed(deps, due[0]!, now, err);
      alone = Math.max(0, alone - 1);
      next = end;
      await ctx.yield();
      continue;
    }
    alone = Math.max(0, alone - due.length);
    next = end;
    for (const [k, d] of due.entries()) {
      if (ctx.signal.aborted) break;
      let sent = false;
      try {
        const author = batch.authors.get(d);
        if (!author)
          await store.updateRule(deps.db, d.rule.id, {
            last_slot: d.slot,
            last_run_at: now,
            last_result: '规则作者的账号已停用，规则不执行',
          });
        else {
          const r = await runRule(deps, { ...d, author, reads: batch.reads.get(d)! }, batch.users, now);
          count += r.count;
          sent = r.sent;
        }
      } catch (err) {
        failures += 1;
        await failed(deps, d, now, err);
      }
      await ctx.yield();
      if (sent && k < due.length - 1) {
        next = due[k + 1]!.index;
        break;
      }
    }
  }
  return failures ? { rows: count, error: `${failures} 条规则评估失败（见各规则的最近结果）` } : { rows: count };
}
