import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import { useState } from 'react';
import { JUMP } from '../../../shared/catalog.ts';
import type { LinkFilters } from './listQuery.ts';
import { channelOptions, customerOptions, platformOptions, withAll } from './options.ts';
import type { CustomerOption } from './types.ts';
import type { VariantInfo } from './variant.ts';

interface Props {
  value: LinkFilters;
  info: VariantInfo;
  customers: CustomerOption[];
  onChange: (f: LinkFilters) => void;
}

const jumpTabs = withAll(Object.entries(JUMP).map(([v, label]) => ({ label, value: Number(v) as 1 | 2 })));

/** Search box, 直跳 / 非直跳 tabs, platform, channel and (agents, admins) customer filters. */
export function LinkFiltersBar({ value, info, customers, onChange }: Props): React.JSX.Element {
  const [exact, setExact] = useState(value.exact);
  const set = (patch: Partial<LinkFilters>): void => onChange({ ...value, ...patch });
  const platforms = platformOptions(info.platforms);
  return (
    <div className="link-filters">
      <SelectButton value={value.isdirect} options={jumpTabs} onChange={(e) => set({ isdirect: (e.value as 1 | 2 | null) ?? null })} aria-label="跳转方式" />
      {info.platforms.length > 1 ? (
        <Dropdown value={value.platform ?? (info.anyPlatform ? null : info.platforms[0])} options={info.anyPlatform ? withAll(platforms) : platforms} onChange={(e) => set({ platform: e.value as number | null })} placeholder="商品平台" ariaLabel="商品平台" inputId="filter-platform" />
      ) : null}
      <Dropdown value={value.state} options={withAll(channelOptions())} onChange={(e) => set({ state: e.value as number | null })} placeholder="投放渠道" ariaLabel="投放渠道" inputId="filter-state" />
      {info.customers ? (
        <Dropdown value={value.customerid} options={withAll(customerOptions(customers))} onChange={(e) => set({ customerid: e.value as number | null })} placeholder="客户" ariaLabel="客户" inputId="filter-customer" filter className="link-filter-customer" />
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
