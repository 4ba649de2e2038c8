import type { Generated } from 'kysely';

/**
 * Automatic rules (docs/rules.md): the rule as its author wrote it (JSON columns hold the shapes of
 * `src/shared/rules.ts`, validated before they are written), and one audit row per plan an evaluation acted on
 * or would have acted on — unique per rule, plan and schedule slot, which makes execution idempotent.
 */
export interface RulesTable {
  id: Generated<number>;
  /** The customer whose plans it watches. */
  customerid: number;
  /** Channel (acpl). */
  platform: number;
  name: string;
  enabled: number;
  notify_only: number;
  notify_email: number;
  /** customer · accounts · campaigns · plans, and the ids (JSON array). */
  scope_kind: string;
  scope_ids: string;
  /** JSON: RuleCondition[], RuleWindow, RuleAction, RuleSchedule. */
  conditions: string;
  time_window: string;
  action: string;
  schedule: string;
  max_per_day: number;
  cooldown_minutes: number;
  max_lag_minutes: number;
  /** Bumped on every edit; audit rows name the version that acted. */
  version: Generated<number>;
  created_by: number;
  updated_by: number;
  created_at: number;
  updated_at: number;
  /** Soft delete (0 = live): the audit rows keep their rule. */
  deleted_at: Generated<number>;
  /** The schedule slot (epoch seconds) last evaluated, and when, with what result in words. */
  last_slot: Generated<number>;
  last_run_at: Generated<number>;
  last_result: Generated<string>;
}

export interface RuleEventsTable {
  id: Generated<number>;
  rule_id: number;
  rule_version: number;
  customerid: number;
  platform: number;
  advertiser_id: string;
  plan_id: string;
  plan_name: string;
  /** The schedule slot (epoch seconds) and China day (day start) of the evaluation. */
  slot: number;
  day: number;
  /** JSON object: metric → value that matched (null = not computable). */
  matched: string;
  /** pause · resume · budget · bid · notify */
  action: string;
  before: string;
  after: string;
  /** pending · applied · refused · reauth · notified · would */
  outcome: string;
  message: string;
  /** The `ad_changes` row written for it (0 when nothing was sent). */
  change_id: number;
  author_id: number;
  at: number;
  finished_at: number;
}

export interface RulesTables {
  rules: RulesTable;
  rule_events: RuleEventsTable;
}
