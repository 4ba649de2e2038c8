import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { useMemo } from 'react';
import {
  clampRange,
  type DateRangeValue,
  type DateRule,
  dateLimits,
  fromPickerDate,
  type PresetKey,
  presetLabels,
  presetRange,
  QUICK_DAYS,
  quickRange,
  toPickerDate,
} from '../lib/dates.ts';
import { setupLocale } from '../lib/locale.ts';

export interface DateRangeProps {
  /** business (China) dates 'YYYY-MM-DD' */
  value: DateRangeValue | null;
  onChange: (v: DateRangeValue) => void;
  /** spec §5 rule; default: no future dates */
  rule?: DateRule;
  /** earliest / latest pickable date, narrowing the rule further */
  min?: string;
  max?: string;
  /** show the quick 近7/15/30天 buttons */
  quick?: boolean;
  /** show the time presets 今天 … 上月 under the calendar */
  presets?: boolean | readonly PresetKey[];
  placeholder?: string;
  ariaLabel?: string;
}

setupLocale();

const ALL_PRESETS = Object.keys(presetLabels) as PresetKey[];

/** The rule's limits narrowed by explicit min/max. */
function limits(rule: DateRule, min?: string, max?: string): { min: string | null; max: string | null } {
  const l = dateLimits(rule);
  const lo =
    [l.min?.format('YYYY-MM-DD'), min]
      .filter((x): x is string => !!x)
      .sort()
      .at(-1) ?? null;
  const hi =
    [l.max?.format('YYYY-MM-DD'), max]
      .filter((x): x is string => !!x)
      .sort()
      .at(0) ?? null;
  return { min: lo, max: hi };
}

function clamp(v: DateRangeValue, rule: DateRule, lim: { min: string | null; max: string | null }): DateRangeValue {
  let [a, b] = clampRange(v, rule);
  if (lim.min && a < lim.min) a = lim.min;
  if (lim.max && b > lim.max) b = lim.max;
  return [a, b < a ? a : b];
}

/**
 * Date range picker in business (China) dates whatever the browser's zone: weeks start on Monday, spec §5
 * rules, quick ranges 近7/15/30天 and the presets 今天 … 上月. The box is wide enough for its whole text.
 */
export function DateRange({
  value,
  onChange,
  rule = 'noFuture',
  min,
  max,
  quick = false,
  presets = false,
  placeholder = '开始日期 - 结束日期',
  ariaLabel = '日期范围',
}: DateRangeProps): React.JSX.Element {
  const lim = limits(rule, min, max);
  const dates = useMemo(() => (value ? [toPickerDate(value[0]), toPickerDate(value[1])] : null), [value]);
  const presetKeys = presets === true ? ALL_PRESETS : presets === false ? [] : presets;
  const pick = (v: DateRangeValue): void => onChange(clamp(v, rule, lim));

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
        ariaLabel={ariaLabel}
        minDate={lim.min ? toPickerDate(lim.min) : undefined}
        maxDate={lim.max ? toPickerDate(lim.max) : undefined}
        footerTemplate={footer}
        onChange={(e) => {
          const v = e.value;
          if (Array.isArray(v) && v[0] instanceof Date && v[1] instanceof Date) pick([fromPickerDate(v[0]), fromPickerDate(v[1])]);
        }}
      />
      {quick
        ? QUICK_DAYS.map((d) => {
            const range = clamp(quickRange(d, rule), rule, lim);
            const active = value !== null && value[0] === range[0] && value[1] === range[1];
            return (
              <Button
                key={d}
                type="button"
                size="small"
                outlined={!active}
                aria-pressed={active}
                label={`近${d}天`}
                onClick={() => pick(range)}
              />
            );
          })
        : null}
    </span>
  );
}
