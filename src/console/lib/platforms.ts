/** Ad platforms (account types, `acpl`) of the header platform menu and sidebar (spec §1, §2). */
export const accountTypes: ReadonlyArray<{ acpl: number; label: string }> = [
  { acpl: 2, label: '巨量引擎' },
  { acpl: 4, label: '腾讯广告' },
  { acpl: 5, label: '磁力引擎' },
  { acpl: 8, label: 'UCID' },
  { acpl: 10, label: '小红书' },
];

/** Bidding-promotion sub-platforms (`pl`). */
export const biddingLabels: Record<number, string> = {
  2: '流量通PRO',
  3: '京东',
  4: '淘宝小程序',
  5: '拼多多',
  7: 'UDSmart',
  8: '京东CID',
};

export const DEFAULT_ACPL = 2;

/**
 * Channel buttons of the 竞价推广 group for one ad platform (spec §2):
 * traffic-pass PRO always; jingdong except ucid; pinduoduo, taobao mini-app and jingdong CID only
 * for juliang; UDSmart for juliang, tengxun and kuaishou.
 */
export function biddingOffers(acpl: number): number[] {
  const out = [2];
  if (acpl !== 8) out.push(3);
  if (acpl === 2) out.push(5, 4, 8);
  if (acpl === 2 || acpl === 4 || acpl === 5) out.push(7);
  return out;
}

export function parseAcpl(raw: string | null | undefined): number {
  const n = Number(raw);
  return accountTypes.some((a) => a.acpl === n) ? n : DEFAULT_ACPL;
}
