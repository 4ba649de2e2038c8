import type { Migration, MigrationProvider } from 'kysely/migration';
import type { Engine } from '../dialect.ts';
import { accounts } from './0001_accounts.ts';
import { links } from './0002_links.ts';
import { tracking } from './0003_tracking.ts';
import { leases } from './0004_leases.ts';
import { ads } from './0005_ads.ts';
import { orders } from './0006_orders.ts';
import { jobs } from './0007_jobs.ts';
import { mailQueue } from './0008_mail_queue.ts';
import { demoLinks } from './0009_demo_links.ts';
import { udsmart } from './0010_udsmart.ts';
import { exportsAndReports } from './0011_exports.ts';
import { lifecycle } from './0012_lifecycle.ts';
import { ordersAttribution } from './0014_orders_attribution.ts';
import { promotion } from './0015_promotion.ts';
import { rollupBoard } from './0016_rollup_board.ts';
import { orderPaidDay } from './0020_order_paid_day.ts';
import { factsSyncedIndex } from './0021_facts_synced_index.ts';
import { pddAuthority } from './0040_pdd_authority.ts';
import { postbackInDoubt } from './0041_postback_in_doubt.ts';
import { trackingProgress } from './0045_tracking_progress.ts';
import { trackingBigintIds } from './0046_tracking_bigint_ids.ts';
import { rules } from './0055_rules.ts';
import { adFactBlocks } from './0060_ad_fact_blocks.ts';
import { invalidTraffic } from './0065_invalid_traffic.ts';
import { adCustomerDays } from './0066_ad_customer_days.ts';
import { partitionedFacts } from './0067_partitioned_facts.ts';
import { partitionedRawEvents } from './0068_partitioned_raw_events.ts';
import { ordersPlanPartial } from './0069_orders_plan_partial.ts';
import { adPlanPeriods } from './0070_ad_plan_periods.ts';
import { rollupBlocks } from './0071_rollup_blocks.ts';
import { planListReads } from './0072_plan_list_reads.ts';
import { ordersPaidCover } from './0073_orders_paid_cover.ts';
import { adminPlanReads } from './0074_admin_plan_reads.ts';
import { adBlockLengths } from './0075_ad_block_lengths.ts';
import { ordersItemCreated } from './0076_orders_item_created.ts';
import { orderCustomerDays } from './0077_order_customer_days.ts';
import { adCustomerHours } from './0078_ad_customer_hours.ts';
import { planPeriodSums } from './0079_plan_period_sums.ts';

/**
 * Ordered, frozen-in-time migrations bundled with the server (never read from disk at run time).
 * Append new ones; never edit a migration that has shipped.
 */
const ordered: Array<[string, (engine: Engine) => Migration]> = [
  ['0001_accounts', accounts],
  ['0002_links', links],
  ['0003_tracking', tracking],
  ['0004_leases', leases],
  ['0005_ads', ads],
  ['0006_orders', orders],
  ['0007_jobs', jobs],
  ['0008_mail_queue', mailQueue],
  ['0009_demo_links', demoLinks],
  ['0010_udsmart', udsmart],
  ['0011_exports', exportsAndReports],
  ['0012_lifecycle', lifecycle],
  ['0014_orders_attribution', ordersAttribution],
  ['0015_promotion', promotion],
  ['0016_rollup_board', rollupBoard],
  ['0020_order_paid_day', orderPaidDay],
  ['0021_facts_synced_index', factsSyncedIndex],
  ['0040_pdd_authority', pddAuthority],
  ['0041_postback_in_doubt', postbackInDoubt],
  ['0045_tracking_progress', trackingProgress],
  ['0046_tracking_bigint_ids', trackingBigintIds],
  ['0055_rules', rules],
  ['0060_ad_fact_blocks', adFactBlocks],
  ['0065_invalid_traffic', invalidTraffic],
  ['0066_ad_customer_days', adCustomerDays],
  ['0067_partitioned_facts', partitionedFacts],
  ['0068_partitioned_raw_events', partitionedRawEvents],
  ['0069_orders_plan_partial', ordersPlanPartial],
  ['0070_ad_plan_periods', adPlanPeriods],
  ['0071_rollup_blocks', rollupBlocks],
  ['0072_plan_list_reads', planListReads],
  ['0073_orders_paid_cover', ordersPaidCover],
  ['0074_admin_plan_reads', adminPlanReads],
  ['0075_ad_block_lengths', adBlockLengths],
  ['0076_orders_item_created', ordersItemCreated],
  ['0077_order_customer_days', orderCustomerDays],
  ['0078_ad_customer_hours', adCustomerHours],
  ['0079_plan_period_sums', planPeriodSums],
];

export function migrationProvider(engine: Engine): MigrationProvider {
  return {
    async getMigrations() {
      return Object.fromEntries(ordered.map(([name, make]) => [name, make(engine)]));
    },
  };
}
