import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import type { Deposit, OrderStatusName } from '../../../shared/orders.ts';
import { DateRange } from '../../ui/DateRange.tsx';
import { Select } from '../../ui/Select.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { type OrderFilterState, withDeposit } from './order-query.ts';
import { DATE_LABEL, depositTabs, postbackOptions, statusOptions } from './terms.ts';

/**
 * Deposit (全部 / 预售 / 回流), the date range the deposit names (spec §7) with the §5 limits — no future dates,
 * and for 回流 (clicks whose orders flow back later) nothing from today on —, status, postback state, search.
 */
export function OrderFiltersBar({
  value,
  onChange,
}: {
  value: OrderFilterState;
  onChange: (v: OrderFilterState) => void;
}): React.JSX.Element {
  const [text, setText] = useState(value.exact);
  const set = (patch: Partial<OrderFilterState>) => onChange({ ...value, ...patch });
  return (
    <div className="order-filters">
      <Tabs<Deposit> ariaLabel="订单类型" tabs={depositTabs} value={value.deposit} onChange={(d) => onChange(withDeposit(value, d))} />
      <span className="order-filter-label">{DATE_LABEL[value.deposit]}</span>
      <DateRange
        value={value.range}
        onChange={(range) => set({ range })}
        rule={value.deposit === 3 ? 'beforeToday' : 'noFuture'}
        quick
        placeholder="全部日期"
        ariaLabel={DATE_LABEL[value.deposit]}
      />
      <Select<OrderStatusName>
        ariaLabel="订单状态"
        placeholder="订单状态"
        options={statusOptions}
        value={value.status}
        allLabel="全部状态"
        onChange={(status) => set({ status })}
      />
      <Select<0 | 1 | 2 | 3 | 4>
        ariaLabel="回传状态"
        placeholder="回传状态"
        options={postbackOptions}
        value={value.postback}
        allLabel="全部回传状态"
        onChange={(postback) => set({ postback })}
      />
      <form
        className="order-search"
        onSubmit={(e) => {
          e.preventDefault();
          set({ exact: text });
        }}
      >
        <InputText
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="订单号 / 商品 / 计划"
          aria-label="搜索订单"
          maxLength={100}
        />
      </form>
    </div>
  );
}
