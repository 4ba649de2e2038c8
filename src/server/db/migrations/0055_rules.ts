import type { Kysely } from 'kysely';
import { type Engine, notNullDefault, withId } from '../dialect.ts';

/**
 * Frozen 2026-11-26: automatic rules (自动规则) and their audit rows (one per rule, plan and schedule slot), and
 * the rule a change in `ad_changes` was made by (0 = a person).
 */
export function rules(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const text = notNullDefault('');
      const zero = notNullDefault(0);
      await withId(engine, db.schema.createTable('rules'))
        .addColumn('customerid', 'integer', (c) => c.notNull())
        .addColumn('platform', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', zero)
        .addColumn('notify_only', 'integer', zero)
        .addColumn('notify_email', 'integer', zero)
        .addColumn('scope_kind', 'text', (c) => c.notNull())
        .addColumn('scope_ids', 'text', text)
        .addColumn('conditions', 'text', (c) => c.notNull())
        .addColumn('time_window', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('schedule', 'text', (c) => c.notNull())
        .addColumn('max_per_day', 'integer', zero)
        .addColumn('cooldown_minutes', 'integer', zero)
        .addColumn('max_lag_minutes', 'integer', zero)
        .addColumn('version', 'integer', notNullDefault(1))
        .addColumn('created_by', 'integer', (c) => c.notNull())
        .addColumn('updated_by', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('deleted_at', 'bigint', zero)
        .addColumn('last_slot', 'bigint', zero)
        .addColumn('last_run_at', 'bigint', zero)
        .addColumn('last_result', 'text', text)
        .execute();
      await db.schema.createIndex('rules_customer').on('rules').columns(['customerid', 'deleted_at']).execute();
      await db.schema.createIndex('rules_enabled').on('rules').columns(['enabled', 'deleted_at']).execute();

      await withId(engine, db.schema.createTable('rule_events'))
        .addColumn('rule_id', 'integer', (c) => c.notNull())
        .addColumn('rule_version', 'integer', (c) => c.notNull())
        .addColumn('customerid', 'integer', (c) => c.notNull())
        .addColumn('platform', 'integer', (c) => c.notNull())
        .addColumn('advertiser_id', 'text', (c) => c.notNull())
        .addColumn('plan_id', 'text', (c) => c.notNull())
        .addColumn('plan_name', 'text', text)
        .addColumn('slot', 'bigint', (c) => c.notNull())
        .addColumn('day', 'bigint', (c) => c.notNull())
        .addColumn('matched', 'text', text)
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('before', 'text', text)
        .addColumn('after', 'text', text)
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('message', 'text', text)
        .addColumn('change_id', 'bigint', zero)
        .addColumn('author_id', 'integer', zero)
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint', zero)
        .addUniqueConstraint('rule_events_slot', ['rule_id', 'platform', 'plan_id', 'slot'])
        .execute();
      await db.schema.createIndex('rule_events_plan').on('rule_events').columns(['platform', 'plan_id', 'at']).execute();
      await db.schema.createIndex('rule_events_day').on('rule_events').columns(['rule_id', 'day']).execute();
      await db.schema.createIndex('rule_events_customer').on('rule_events').columns(['customerid', 'at']).execute();

      await db.schema.alterTable('ad_changes').addColumn('rule_id', 'integer', zero).execute();
      await db.schema.alterTable('ad_changes').addColumn('rule_name', 'text', text).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('ad_changes').dropColumn('rule_name').execute();
      await db.schema.alterTable('ad_changes').dropColumn('rule_id').execute();
      await db.schema.dropTable('rule_events').execute();
      await db.schema.dropTable('rules').execute();
    },
  };
}
