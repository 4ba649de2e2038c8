import { namedOptions, type Option } from '../../ui/options.ts';
import type { CustomerOption } from './types.ts';

type Advertiser = { advertiser_id: string; advertiser_name: string };

/** The ids of a `relate_advertiser_ids` text, in order, without blanks (commas of either width, spaces). */
export const idsOf = (text: string): string[] => text.split(/[\s,，]+/).filter(Boolean);

/**
 * What 关联广告主 offers: the authorised advertisers of the chosen customer (agents and admins pick one) on the
 * chosen channel, or the caller's own (`mine`, from `/api/land/adlist`), by name (the id only beside a name two share); ids already on the link that are not
 * among them stay choosable, labelled by id.
 */
export function advertiserOptions(
  customers: readonly CustomerOption[] | null,
  customerid: number | null,
  channel: number,
  mine: readonly Advertiser[] | undefined,
  chosen: readonly string[],
): Option<string>[] {
  const list = customers !== null ? (customers.find((c) => c.customerid === customerid)?.advertisers[String(channel)] ?? []) : (mine ?? []);
  const options = namedOptions(
    list,
    (a) => a.advertiser_name || `广告主 ${a.advertiser_id}`,
    (a) => a.advertiser_id,
    (a) => a.advertiser_id,
  );
  const known = new Set(options.map((o) => o.value));
  for (const id of chosen) if (!known.has(id)) options.push({ label: `广告主 ${id}`, value: id });
  return options;
}
