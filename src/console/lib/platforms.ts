import { SUB_PLATFORMS, subPlatformsOf } from '../../shared/promote.ts';

/** Ad platforms (account types, `acpl`) of the header platform menu and sidebar (spec §1, §2). */
export const accountTypes: ReadonlyArray<{ acpl: number; label: string }> = [
  { acpl: 2, label: '巨量引擎' },
  { acpl: 4, label: '腾讯广告' },
  { acpl: 5, label: '磁力引擎' },
  { acpl: 8, label: 'UCID' },
  { acpl: 10, label: '小红书' },
];

/** Bidding-promotion sub-platforms (`pl`, spec §1; one table in src/shared/promote.ts). */
export const biddingLabels: Record<number, string> = SUB_PLATFORMS;

export const DEFAULT_ACPL = 2;

/** Channel buttons of the 竞价推广 group for one ad platform (spec §2; the rule lives in src/shared/promote.ts). */
export const biddingOffers = (acpl: number): number[] => subPlatformsOf(acpl);

export function parseAcpl(raw: string | null | undefined): number {
  const n = Number(raw);
  return accountTypes.some((a) => a.acpl === n) ? n : DEFAULT_ACPL;
}
