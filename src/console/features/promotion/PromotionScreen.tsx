import { useSearchParams } from 'react-router';
import { channelLabel } from '../../../shared/catalog.ts';
import { isPromoteChannel, type PromoteChannel, SUB_PLATFORMS, subPlatformsOf } from '../../../shared/promote.ts';
import { ROLE } from '../../../shared/roles.ts';
import { accountTypes, parseAcpl, unknownAcpl } from '../../lib/platforms.ts';
import { useSession } from '../../lib/useSession.ts';
import { Tabs } from '../../ui/Tabs.tsx';
import { UnknownAccountType } from '../../ui/UnknownAccountType.tsx';
import { PromotionTree } from './PromotionTree.tsx';
import { PROMO_TERMS } from './terms.ts';

/** The account types with a bidding promotion, in the menu's order. */
const PROMOTED: readonly number[] = accountTypes.map((a) => a.acpl).filter(isPromoteChannel);

/** ver2 `/promotion?acpl=&pl=` (spec §2): the bidding promotion of one ad platform and sub-platform. */
export function PromotionScreen(): React.JSX.Element {
  const [params, setParams] = useSearchParams();
  const { role } = useSession();
  const unknown = unknownAcpl(params.get('acpl'), PROMOTED);
  if (unknown !== null) return <UnknownAccountType raw={unknown} offered={PROMOTED} path="/promotion" />;
  const parsed = parseAcpl(params.get('acpl'));
  const acpl: PromoteChannel = isPromoteChannel(parsed) ? parsed : 2;
  const offered = subPlatformsOf(acpl);
  const wanted = Number(params.get('pl'));
  const pl = offered.find((p) => p === wanted) ?? 2;
  return (
    <div className="card promote-screen">
      <div className="promote-head">
        <h2 className="card-title">
          {PROMO_TERMS.bidding} · {channelLabel(acpl)}
        </h2>
        <Tabs<number>
          ariaLabel="竞价推广平台"
          tabs={offered.map((p) => ({ label: SUB_PLATFORMS[p], value: p }))}
          value={pl}
          onChange={(p) => setParams({ acpl: String(acpl), pl: String(p) })}
        />
      </div>
      <PromotionTree key={`${acpl}-${pl}`} acpl={acpl} pl={pl} pickCustomer={role === ROLE.agent} />
    </div>
  );
}
