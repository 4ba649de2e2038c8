import dayjs from 'dayjs';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { useMemo } from 'react';
import { setupLocale } from '../app/locale.ts';
import { clampRange, DATE_FMT, dateLimits, presetLabels, presetRange, QUICK_DAYS, quickRange, type DateRangeValue, type DateRule, type PresetKey } from '../lib/dates.ts';

export interface DateRangeProps {
  value: DateRangeValue | null;
  onChange: (v: DateRangeValue) => void;
  /** spec §5 rule; default: no future dates */
  rule?: DateRule;
  /** show the quick 7/15/30-day buttons */
  quick?: boolean;
  /** show the time presets 今天 … 上月 */
  presets?: boolean | readonly PresetKey[];
  placeholder?: string;
}

setupLocale();

const ALL_PRESETS = Object.keys(presetLabels) as PresetKey[];

/** Date range picker (weeks start on Monday via the zh-CN locale) with the spec §5 rules and presets. */
export function DateRange({ value, onChange, rule = 'noFuture', quick = false, presets = false, placeholder = '开始日期 - 结束日期' }: DateRangeProps): React.JSX.Element {
  const { min, max } = dateLimits(rule);
  const dates = useMemo(() => (value ? [dayjs(value[0]).toDate(), dayjs(value[1]).toDate()] : null), [value]);
  const presetKeys = presets === true ? ALL_PRESETS : presets === false ? [] : presets;
  const pick = (v: DateRangeValue): void => onChange(clampRange(v, rule));

  const footer = (): React.JSX.Element | null =>
    presetKeys.length ? (
      <div className="date-range-presets">
        {presetKeys.map((k) => (
          <Button key={k} type="button" size="small" text label={presetLabels[k]} onClick={() => pick(presetRange(k))} />
        ))}
      </div>
    ) : null;

  return (
    <span className="date-range">
      <Calendar
        selectionMode="range"
        value={dates}
        readOnlyInput
        showIcon
        dateFormat="yy-mm-dd"
        placeholder={placeholder}
        minDate={min?.toDate()}
        maxDate={max?.toDate()}
        footerTemplate={footer}
        onChange={(e) => {
          const v = e.value as (Date | null)[] | null;
          if (v && v[0] && v[1]) pick([dayjs(v[0]).format(DATE_FMT), dayjs(v[1]).format(DATE_FMT)]);
        }}
      />
      {quick
        ? QUICK_DAYS.map((d) => {
            const range = clampRange(quickRange(d, rule), rule);
            const active = value !== null && value[0] === range[0] && value[1] === range[1];
            return <Button key={d} type="button" size="small" outlined={!active} aria-pressed={active} label={`近${d}天`} onClick={() => pick(range)} />;
          })
        : null}
    </span>
  );
}
