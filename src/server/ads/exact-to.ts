import { sql } from 'kysely';

/**
 * A daily row's `exact_to` (ads/tables.ts), in `rollupDay`'s select grouped by plan: the end of the plan's last hour
 * when its hours of the day agree on customer, campaign and link and no other account holds an hour of it that day
 * (one probe of the hourly key), else the end of the next day (no cut of the day is answered by the row).
 */
export const exactTo = (day: number) =>
  sql<number>`case when min(customerid) = max(customerid) and min(campaign_id) = max(campaign_id) and min(pageid) = max(pageid)
    and not exists (select 1 from ad_facts_hourly o where o.platform = ad_facts_hourly.platform and o.plan_id = ad_facts_hourly.plan_id
      and o.hour >= ${sql.lit(day)} and o.hour < ${sql.lit(day + 86400)} and o.advertiser_id <> ad_facts_hourly.advertiser_id)
    then max(hour) + 3600 else ${sql.lit(day + 2 * 86400)} end`;
