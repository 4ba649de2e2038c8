import { notify } from '../lib/notify.ts';
import { NOT_LAUNCHED, type PickerItem, pickerModel } from '../lib/platform-picker.ts';

export interface PlatformPickerProps {
  shop: string;
  channel: string;
  onChange: (v: { shop: string; channel: string }) => void;
  /** on the dashboard: extra shops, weibo disables jingdong */
  dashboard?: boolean;
  unavailable?: readonly string[];
  /** a first shop entry '全部' (value 'all') */
  withAll?: boolean;
  /** show the video-channel row (default); off where the screen's account type is the channel */
  showChannels?: boolean;
}

/** Shop + video-channel picker (spec §2). A disabled item shows '暂未上线'. */
export function PlatformPicker({
  shop,
  channel,
  onChange,
  dashboard = false,
  unavailable,
  withAll = false,
  showChannels = true,
}: PlatformPickerProps): React.JSX.Element {
  const model = pickerModel(dashboard, channel, unavailable, withAll);
  const row = (label: string, items: PickerItem[], current: string, set: (v: string) => void): React.JSX.Element => (
    // biome-ignore lint/a11y/useSemanticElements: buttons with role=radio (they toast '暂未上线' when disabled) need a radiogroup
    <div className="picker-row" role="radiogroup" aria-label={label}>
      <span className="picker-label">{label}</span>
      {items.map((i) => (
        // biome-ignore lint/a11y/useSemanticElements: a button with role=radio, so a disabled item can still say '暂未上线'
        <button
          key={i.value}
          type="button"
          role="radio"
          aria-checked={i.value === current}
          aria-disabled={i.disabled}
          title={i.disabled ? NOT_LAUNCHED : undefined}
          className={`picker-item ${i.value === current ? 'active' : ''} ${i.disabled ? 'disabled' : ''}`}
          onClick={() => (i.disabled ? notify.info(NOT_LAUNCHED) : set(i.value))}
        >
          {i.label}
        </button>
      ))}
    </div>
  );
  return (
    <div className="platform-picker">
      {row('店铺平台', model.shops, shop, (v) => onChange({ shop: v, channel }))}
      {showChannels
        ? row('视频渠道', model.channels, channel, (v) => {
            const next = pickerModel(dashboard, v, unavailable, withAll).shops.find((s) => s.value === shop);
            onChange({ shop: next?.disabled ? (withAll ? 'all' : 'taobao') : shop, channel: v });
          })
        : null}
    </div>
  );
}
