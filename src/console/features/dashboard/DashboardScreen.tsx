import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ROLE } from '../../../shared/roles.ts';
import { failureText } from '../../lib/api.ts';
import { presetRange } from '../../lib/dates.ts';
import { accountTypes, parseAcpl, unknownAcpl } from '../../lib/platforms.ts';
import { useSession } from '../../lib/useSession.ts';
import { PlatformPicker } from '../../ui/PlatformPicker.tsx';
import { Select } from '../../ui/Select.tsx';
import { UnknownAccountType } from '../../ui/UnknownAccountType.tsx';
import { BoardCards } from './BoardCards.tsx';
import { BoardEmpty } from './BoardEmpty.tsx';
import { type BoardFilters, cardInput, comparedCaption } from './board-query.ts';
import { PeriodPicker } from './PeriodPicker.tsx';
import { RankTable } from './RankTable.tsx';
import { TrendPanel } from './TrendPanel.tsx';
import { OVERVIEW_CARDS } from './terms.ts';
import { useBoardCard, useCustomerOptions } from './useBoard.ts';
import './dashboard.css';

/** ver2 `/dashboard?acpl=`: the overview of one account type. */
export function DashboardScreen(): React.JSX.Element {
  const [params] = useSearchParams();
  const unknown = unknownAcpl(params.get('acpl'));
  if (unknown !== null) return <UnknownAccountType raw={unknown} offered={accountTypes.map((a) => a.acpl)} path="/dashboard" />;
  const acpl = parseAcpl(params.get('acpl'));
  return <Overview key={acpl} acpl={acpl} />;
}

function Overview({ acpl }: { acpl: number }): React.JSX.Element {
  const { role } = useSession();
  const isAgent = role === ROLE.agent;
  const typeLabel = accountTypes.find((a) => a.acpl === acpl)?.label ?? '';
  const [filters, setFilters] = useState<BoardFilters>(() => ({ range: presetRange('today'), shop: 'all', customerid: null }));
  const customers = useCustomerOptions(isAgent);
  const card = useBoardCard(cardInput(filters, acpl));
  const set = (patch: Partial<BoardFilters>): void => setFilters((f) => ({ ...f, ...patch }));
  const d = card.data;
  const empty = d !== undefined && d.metrics.sum_cost === 0 && d.metrics.sum_show_cnt === 0 && d.metrics.order_price === 0;
  const problem = failureText(card.error);
  return (
    <div className="board-screen">
      <section className="card board-head" aria-label="筛选">
        <div className="board-title-row">
          <h2 className="card-title">概览 · {typeLabel}</h2>
          {isAgent ? (
            <Select<number>
              value={filters.customerid}
              options={customers}
              allLabel="全部客户"
              placeholder="全部客户"
              filter
              onChange={(customerid) => set({ customerid })}
              ariaLabel="客户"
              inputId="board-customer"
              className="board-customer"
            />
          ) : null}
        </div>
        <PeriodPicker value={filters.range} onChange={(range) => set({ range })} />
        <PlatformPicker
          dashboard
          withAll
          showChannels={false}
          shop={filters.shop}
          channel="juliang"
          onChange={({ shop }) => set({ shop })}
        />
      </section>
      {problem ? (
        <div className="card form-error" role="alert">
          {problem}
        </div>
      ) : null}
      <section className="card" aria-label="指标">
        <BoardCards keys={OVERVIEW_CARDS} data={d} loading={card.isLoading} caption={d ? comparedCaption(d.period) : undefined} />
        {empty ? <BoardEmpty accounts={d.accounts} typeLabel={typeLabel} /> : null}
      </section>
      <section className="card">
        <TrendPanel series={d?.series ?? (problem ? [] : undefined)} granularity={d?.period.granularity ?? 'hour'} />
      </section>
      <section className="card">
        <RankTable
          filters={filters}
          social={acpl}
          levels={isAgent ? ['advertiser', 'plan', 'link', 'customer'] : ['advertiser', 'plan', 'link']}
          showCustomer={isAgent}
          emptyText="所选时段没有消耗或订单"
        />
      </section>
    </div>
  );
}
