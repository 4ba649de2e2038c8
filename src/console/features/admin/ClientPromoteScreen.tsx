import { useState } from 'react';
import { channelLabel } from '../../../shared/catalog.ts';
import { PROMOTE_CHANNELS, type PromoteChannel, SUB_PLATFORMS, subPlatformsOf } from '../../../shared/promote.ts';
import { Select } from '../../ui/Select.tsx';
import { PromotionTree } from '../promotion/PromotionTree.tsx';

/** Admin `/newsxA/client/promote`: every customer's promotions, by channel and sub-platform, with a customer filter. */
export function ClientPromoteScreen(): React.JSX.Element {
  const [acpl, setAcpl] = useState<PromoteChannel>(2);
  const [pl, setPl] = useState<number | null>(null);
  const leading = (
    <>
      <Select<PromoteChannel>
        className="promote-filter-channel"
        ariaLabel="广告平台"
        value={acpl}
        options={PROMOTE_CHANNELS.map((c) => ({ label: channelLabel(c), value: c }))}
        onChange={(v) => (setAcpl(v ?? 2), setPl(null))}
      />
      <Select<number>
        className="promote-filter-channel promote-filter-sub"
        ariaLabel="竞价推广平台"
        allLabel="全部推广平台"
        placeholder="全部推广平台"
        value={pl}
        options={subPlatformsOf(acpl).map((p) => ({ label: SUB_PLATFORMS[p], value: p }))}
        onChange={setPl}
      />
    </>
  );
  return (
    <div className="card promote-screen">
      <div className="promote-head">
        <h2 className="card-title">推广管理</h2>
      </div>
      <PromotionTree key={`${acpl}-${pl}`} acpl={acpl} pl={pl ?? undefined} pickCustomer leading={leading} />
    </div>
  );
}
