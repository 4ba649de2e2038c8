/** Platform picker items (spec §2): shops and video channels; the dashboard adds two shops. */
export interface PickerItem {
  value: string;
  label: string;
  disabled: boolean;
}

export interface PickerModel {
  shops: PickerItem[];
  channels: PickerItem[];
}

export const NOT_LAUNCHED = '暂未上线';

/** The '全部' shop entry some screens add (the boards: every shop platform). */
export const ALL_SHOPS = 'all';

/**
 * Shop platform codes (src/shared/catalog.ts) behind each picker shop: 京东 takes 京东 CID along, 淘宝联盟 is the
 * 阿里妈妈 UD smart delivery (platform 7); '全部' is no narrowing (null).
 */
export const PICKER_SHOP_CODES: Record<string, number[] | null> = {
  all: null,
  taobao: [2],
  jingdong: [3, 8],
  miniapp: [4],
  tbunion: [7],
};

/** Ad channel codes of the picker's video channels: 抖音 is 巨量引擎 (2), 微博 3. */
export const PICKER_CHANNEL_CODES: Record<string, number> = { juliang: 2, weibo: 3 };

/**
 * On the dashboard the shops also list taobao new-link and taobao alliance, and choosing weibo
 * disables jingdong, labelled '（未上线）'. `unavailable` lists values an operator has not launched yet.
 */
export function pickerModel(onDashboard: boolean, channel: string, unavailable: readonly string[] = [], withAll = false): PickerModel {
  const jdOff = onDashboard && channel === 'weibo';
  const shops: PickerItem[] = [
    ...(withAll ? [{ value: ALL_SHOPS, label: '全部', disabled: false }] : []),
    { value: 'taobao', label: '淘宝', disabled: false },
    { value: 'jingdong', label: jdOff ? '京东（未上线）' : '京东', disabled: jdOff },
    ...(onDashboard
      ? [
          { value: 'miniapp', label: '淘宝新链接', disabled: false },
          { value: 'tbunion', label: '淘宝联盟', disabled: false },
        ]
      : []),
  ];
  const channels: PickerItem[] = [
    { value: 'juliang', label: '抖音（巨量引擎）', disabled: false },
    { value: 'weibo', label: '微博', disabled: false },
  ];
  const off = (i: PickerItem): PickerItem => (unavailable.includes(i.value) ? { ...i, disabled: true } : i);
  return { shops: shops.map(off), channels: channels.map(off) };
}
