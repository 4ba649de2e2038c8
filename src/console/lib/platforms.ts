import { ACCOUNT_TYPES } from '../../shared/admin-reports.ts';
import { channelLabel } from '../../shared/catalog.ts';
import { SUB_PLATFORMS, subPlatformsOf } from '../../shared/promote.ts';

/** Ad platforms (account types, `acpl`) of the header platform menu and sidebar (spec §1, §2), named by `CHANNELS`. */
export const accountTypes: ReadonlyArray<{ acpl: number; label: string }> = ACCOUNT_TYPES.map((acpl) => ({
  acpl,
  label: channelLabel(acpl),
}));

/** Bidding-promotion sub-platforms (`pl`, spec §1; one table in src/shared/promote.ts). */
export const biddingLabels: Record<number, string> = SUB_PLATFORMS;

export const DEFAULT_ACPL = 2;

/** Channel buttons of the 竞价推广 group for one ad platform (spec §2; the rule lives in src/shared/promote.ts). */
export const biddingOffers = (acpl: number): number[] => subPlatformsOf(acpl);

export function parseAcpl(raw: string | null | undefined): number {
  const n = Number(raw);
  return accountTypes.some((a) => a.acpl === n) ? n : DEFAULT_ACPL;
}

/**
 * `acpl` of a URL that names no account type among `offered` (`?acpl=99`, `?acpl=abc`), or null when it is absent
 * (the default applies) or one of them: the screen then says so instead of quietly showing 巨量引擎.
 */
export function unknownAcpl(raw: string | null, offered: readonly number[] = accountTypes.map((a) => a.acpl)): string | null {
  if (raw === null) return null;
  return raw.trim() !== '' && offered.includes(Number(raw)) ? null : raw;
}
