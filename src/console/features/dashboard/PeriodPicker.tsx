import { type DateRangeValue, type PresetKey, presetLabels, presetRange } from '../../lib/dates.ts';
import { DateRange } from '../../ui/DateRange.tsx';
import { Tabs } from '../../ui/Tabs.tsx';

const PRESETS = Object.keys(presetLabels) as PresetKey[];

/** Which preset a range is, or null for a custom range. */
export function presetOf(range: DateRangeValue): PresetKey | null {
  return (
    PRESETS.find((k) => {
      const r = presetRange(k);
      return r[0] === range[0] && r[1] === range[1];
    }) ?? null
  );
}

interface Props {
  value: DateRangeValue;
  onChange: (v: DateRangeValue) => void;
}

/** Spec §5 presets (今天 … 上月) as tabs, and the calendar for any other range (no future dates). */
export function PeriodPicker({ value, onChange }: Props): React.JSX.Element {
  return (
    <div className="period-picker">
      <Tabs<PresetKey | null>
        ariaLabel="时间范围"
        tabs={PRESETS.map((k) => ({ label: presetLabels[k], value: k }))}
        value={presetOf(value)}
        onChange={(k) => k && onChange(presetRange(k))}
      />
      <DateRange value={value} onChange={onChange} rule="noFuture" ariaLabel="自定义日期范围" />
    </div>
  );
}
