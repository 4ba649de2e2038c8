import { CHANNELS, isChannel, isPlatform, PLATFORMS } from '../../../shared/catalog.ts';
import type { Option } from '../../ui/options.ts';
import type { CustomerOption } from './types.ts';

/** Select options built from the catalog's one label table per enum. */
export const platformLabel = (n: number): string => (isPlatform(n) ? PLATFORMS[n] : `平台 ${n}`);
export const channelLabel = (n: number): string => (isChannel(n) ? CHANNELS[n] : `渠道 ${n}`);

export const platformOptions = (platforms: readonly number[]): Option<number>[] =>
  platforms.map((p) => ({ label: platformLabel(p), value: p }));

export const channelOptions = (): Option<number>[] =>
  Object.keys(CHANNELS).map((c) => ({ label: channelLabel(Number(c)), value: Number(c) }));

export const customerOptions = (list: readonly CustomerOption[]): Option<number>[] =>
  list.map((c) => ({ label: `${c.company || '未命名客户'}（${c.customerid}）`, value: c.customerid }));
