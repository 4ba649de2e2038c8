import { ACCOUNT_STATE_LABEL, type UdAccountView } from '../../../shared/udsmart.ts';
import { accountTypeLabel } from '../admin/labels.ts';

/** UDSmart's words: an ad account as people name it, authorisation states. */
export const accountLabel = (a: Pick<UdAccountView, 'platform' | 'name' | 'advertiser_id' | 'brand'>): string =>
  `${accountTypeLabel(a.platform)} · ${a.name || a.advertiser_id}${a.brand ? `（${a.brand}）` : ''}`;
export const stateLabel = (s: string): string => ACCOUNT_STATE_LABEL[s] ?? s;
export { accountTypeLabel };
