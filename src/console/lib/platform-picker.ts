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

/**
 * On the dashboard the shops also list taobao new-link and taobao alliance, and choosing weibo
 * disables jingdong, labelled '（未上线）'. `unavailable` lists values an operator has not launched yet.
 */
export function pickerModel(onDashboard: boolean, channel: string, unavailable: readonly string[] = []): PickerModel {
  const jdOff = onDashboard && channel === 'weibo';
  const shops: PickerItem[] = [
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
