import { MAX_PERIOD_DAYS } from '../../../shared/periods.ts';
import { businessDay } from '../../lib/clock.ts';
import { DATE_FMT, type DateRangeValue, type PresetKey, presetLabels, presetRange } from '../../lib/dates.ts';
import { notify } from '../../lib/notify.ts';
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

/** Spec §5 date limits plus the boards' own: a range longer than 92 days keeps its end and starts 91 days before. */
export function withinLimit([start, end]: DateRangeValue): DateRangeValue {
  const first = businessDay(end)
    .subtract(MAX_PERIOD_DAYS - 1, 'day')
    .format(DATE_FMT);
  return start < first ? [first, end] : [start, end];
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
      <DateRange
        value={value}
        onChange={(v) => {
          const kept = withinLimit(v);
          if (kept[0] !== v[0]) notify.info(`统计时间范围不能超过 ${MAX_PERIOD_DAYS} 天，已从 ${kept[0]} 开始`);
          onChange(kept);
        }}
        rule="noFuture"
        ariaLabel="自定义日期范围"
      />
    </div>
  );
}
