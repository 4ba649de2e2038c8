import { useState } from 'react';
import { PERIOD_PRESETS } from '../../../shared/periods.ts';
import { failureText } from '../../lib/api.ts';
import { type PresetKey, presetLabels, presetRange } from '../../lib/dates.ts';
import { PICKER_CHANNEL_CODES } from '../../lib/platform-picker.ts';
import { PlatformPicker } from '../../ui/PlatformPicker.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { BoardCards } from './BoardCards.tsx';
import { BoardEmpty } from './BoardEmpty.tsx';
import { cardInput, comparedCaption, shopParam } from './board-query.ts';
import { ChannelTable } from './ChannelTable.tsx';
import { RankTable } from './RankTable.tsx';
import { BOARD_CARDS } from './terms.ts';
import { useBoardList, useIndexBoard } from './useBoard.ts';
import './dashboard.css';

const PRESETS = Object.keys(presetLabels) as PresetKey[];
const CHANNEL_NAMES: Record<string, string> = { juliang: '抖音（巨量引擎）', weibo: '微博' };

/** The standard (old) version's `/dashboard` data board: shop × channel picker, a period, cards, a list per channel. */
export function DataBoardScreen(): React.JSX.Element {
  const [pick, setPick] = useState({ shop: 'all', channel: 'juliang' });
  const [preset, setPreset] = useState<PresetKey>('today');
  const social = PICKER_CHANNEL_CODES[pick.channel] ?? 2;
  const filters = { range: presetRange(preset), shop: pick.shop, customerid: null };
  const board = useIndexBoard({ type: PERIOD_PRESETS.indexOf(preset) + 1, social, ...shopParam(pick.shop) });
  const channels = useBoardList({ ...cardInput(filters, null), method: 'channel' });
  const d = board.data;
  const problem = failureText(board.error);
  const empty = d !== undefined && d.metrics.sum_cost === 0 && d.metrics.sum_show_cnt === 0 && d.metrics.order_price === 0;
  return (
    <div className="board-screen">
      <section className="card board-head" aria-label="筛选">
        <h2 className="card-title">数据看板</h2>
        <PlatformPicker dashboard withAll shop={pick.shop} channel={pick.channel} onChange={setPick} />
        <Tabs<PresetKey>
          ariaLabel="时间范围"
          tabs={PRESETS.map((k) => ({ label: presetLabels[k], value: k }))}
          value={preset}
          onChange={setPreset}
        />
      </section>
      {problem ? (
        <div className="card form-error" role="alert">
          {problem}
        </div>
      ) : null}
      <section className="card" aria-label={`${CHANNEL_NAMES[pick.channel]}指标`}>
        <h3 className="board-section-title board-gap">{CHANNEL_NAMES[pick.channel]}</h3>
        <BoardCards keys={BOARD_CARDS} columns={4} data={d} loading={board.isLoading} caption={d ? comparedCaption(d.period) : undefined} />
        {empty ? <BoardEmpty accounts={d.accounts} typeLabel={CHANNEL_NAMES[pick.channel] ?? ''} /> : null}
      </section>
      <section className="card" aria-label="各渠道">
        <h3 className="board-section-title board-gap">各渠道</h3>
        <ChannelTable data={channels.data} loading={channels.isLoading} error={channels.error} />
      </section>
      <section className="card">
        <RankTable
          key={`${pick.channel}`}
          filters={filters}
          social={social}
          levels={['advertiser', 'plan', 'link']}
          showCustomer={false}
          emptyText="所选时段没有消耗或订单"
        />
      </section>
    </div>
  );
}
