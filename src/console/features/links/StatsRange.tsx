import dayjs from 'dayjs';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { DATE_FMT, QUICK_DAYS, quickRange, type DateRangeValue } from '../../lib/dates.ts';

/** Date range with no future dates (spec §5) and the quick ranges 近7 / 15 / 30 天. */
export function StatsRange({ value, onChange }: { value: DateRangeValue; onChange: (v: DateRangeValue) => void }): React.JSX.Element {
  const dates = [dayjs(value[0]).toDate(), dayjs(value[1]).toDate()];
  return (
    <div className="stats-range">
      <Calendar
        value={dates}
        selectionMode="range"
        readOnlyInput
        maxDate={dayjs().endOf('day').toDate()}
        dateFormat="yy-mm-dd"
        locale="zh-CN"
        showIcon
        aria-label="统计日期"
        onChange={(e) => {
          const [a, b] = (e.value ?? []) as (Date | null)[];
          if (a && b) onChange([dayjs(a).format(DATE_FMT), dayjs(b).format(DATE_FMT)]);
        }}
      />
      {QUICK_DAYS.map((d) => {
        const r = quickRange(d);
        const active = r[0] === value[0] && r[1] === value[1];
        return <Button key={d} label={`近${d}天`} size="small" outlined={!active} onClick={() => onChange(r)} />;
      })}
    </div>
  );
}
