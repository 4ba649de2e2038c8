import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { JUMP } from '../../../shared/catalog.ts';
import { Select } from '../../ui/Select.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import type { LinkFilters } from './list-query.ts';
import { channelOptions, customerOptions, platformOptions } from './options.ts';
import type { CustomerOption } from './types.ts';
import type { VariantInfo } from './variant.ts';

interface Props {
  value: LinkFilters;
  info: VariantInfo;
  customers: CustomerOption[];
  onChange: (f: LinkFilters) => void;
}

const jumpTabs: { label: string; value: 1 | 2 | null }[] = [
  { label: '全部', value: null },
  { label: JUMP[1], value: 1 },
  { label: JUMP[2], value: 2 },
];

/** 直跳 / 非直跳 tabs, platform, channel and (agents, admins) customer filters, and the search box — one row. */
export function LinkFiltersBar({ value, info, customers, onChange }: Props): React.JSX.Element {
  const [exact, setExact] = useState(value.exact);
  const set = (patch: Partial<LinkFilters>): void => onChange({ ...value, ...patch });
  return (
    <div className="link-filters">
      <Tabs<1 | 2 | null> ariaLabel="跳转方式" tabs={jumpTabs} value={value.isdirect} onChange={(isdirect) => set({ isdirect })} />
      {info.platforms.length > 1 ? (
        <Select<number>
          value={value.platform ?? (info.anyPlatform ? null : (info.platforms[0] ?? null))}
          options={platformOptions(info.platforms)}
          allLabel={info.anyPlatform ? '全部' : undefined}
          onChange={(platform) => set({ platform })}
          placeholder="商品平台"
          ariaLabel="商品平台"
          inputId="filter-platform"
          className="link-filter"
        />
      ) : null}
      <Select<number>
        value={value.state}
        options={channelOptions()}
        allLabel="全部"
        onChange={(state) => set({ state })}
        placeholder="投放渠道"
        ariaLabel="投放渠道"
        inputId="filter-state"
        className="link-filter"
      />
      {info.customers ? (
        <Select<number>
          value={value.customerid}
          options={customerOptions(customers)}
          allLabel="全部"
          onChange={(customerid) => set({ customerid })}
          placeholder="客户"
          ariaLabel="客户"
          inputId="filter-customer"
          filter
          className="link-filter link-filter-customer"
        />
      ) : null}
      <form
        className="p-inputgroup link-search"
        onSubmit={(e) => {
          e.preventDefault();
          set({ exact });
        }}
      >
        <InputText value={exact} onChange={(e) => setExact(e.target.value)} placeholder="链接ID / 商品ID / 名称" aria-label="搜索" />
        <Button type="submit" icon="pi pi-search" aria-label="搜索" />
      </form>
    </div>
  );
}
