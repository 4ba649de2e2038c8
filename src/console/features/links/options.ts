import { CHANNELS, isChannel, isPlatform, PLATFORMS } from '../../../shared/catalog.ts';
import { namedOptions, type Option } from '../../ui/options.ts';
import type { CustomerOption } from './types.ts';

/** Select options built from the catalog's one label table per enum. */
export const platformLabel = (n: number): string => (isPlatform(n) ? PLATFORMS[n] : `平台 ${n}`);
export const channelLabel = (n: number): string => (isChannel(n) ? CHANNELS[n] : `渠道 ${n}`);

export const platformOptions = (platforms: readonly number[]): Option<number>[] =>
  platforms.map((p) => ({ label: platformLabel(p), value: p }));

export const channelOptions = (): Option<number>[] =>
  Object.keys(CHANNELS).map((c) => ({ label: channelLabel(Number(c)), value: Number(c) }));

/**
 * Customers by their company name, as the customer knows itself (never our internal id); two customers of one
 * company name are told apart by their login account.
 */
export const customerOptions = (list: readonly CustomerOption[]): Option<number>[] =>
  namedOptions(
    list,
    (c) => c.company || c.email || '未命名客户',
    (c) => c.email,
    (c) => c.customerid,
  );
