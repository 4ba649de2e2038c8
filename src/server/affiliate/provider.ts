import type { ConversionView } from '../../shared/affiliate.ts';
import { Code } from '../../shared/codes.ts';
import { AppError } from '../kernel/errors.ts';
import { errorFields, log } from '../kernel/log.ts';
import type { ItemRef, Union } from './items.ts';

/** What a union says of an item or shop (the API's `ConversionView`: one field list). */
export type Conversion = ConversionView;

/** The seam for the union connectors (Taobao Union, JD Union, Pinduoduo DDK). */
export interface AffiliateProvider {
  readonly name: string;
  convert(ref: ItemRef & { platform: Union }): Promise<Conversion>;
}

/**
 * One provider per union, in `deps.affiliates`. The process wiring (`boot.ts`) chooses them — the real connector
 * when it is configured, the sandbox otherwise; nothing else knows which one it talks to.
 */
export type AffiliateRegistry = Readonly<Record<Union, AffiliateProvider>>;

/** Convert through the union's provider; a provider failure (network, protocol) becomes a clear 5xxx answer. */
export async function convertThrough(affiliates: AffiliateRegistry, ref: ItemRef & { platform: Union }): Promise<Conversion> {
  const provider = affiliates[ref.platform];
  try {
    return await provider.convert(ref);
  } catch (err) {
    if (err instanceof AppError) throw err;
    log.warn('affiliate conversion failed', { provider: provider.name, ...errorFields(err) });
    throw new AppError(Code.upstreamFailed, '商品转链失败：联盟接口暂时不可用，请稍后再试');
  }
}
