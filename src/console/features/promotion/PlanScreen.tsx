import { useParams, useSearchParams } from 'react-router';
import { isPromoteChannel } from '../../../shared/promote.ts';
import { PlanDetail } from './PlanDetail.tsx';
import './promotion.css';

/**
 * The old version's `/promotion/plan/{adId}` and `/minipromote/plan/{adId}`: one plan. `?acpl=` names its channel;
 * without it the server finds the plan's channel, and the address then carries it (so the sidebar shows that channel).
 */
export function PlanScreen(): React.JSX.Element {
  const { adId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const raw = params.get('acpl');
  const n = Number(raw);
  const acpl = raw !== null && isPromoteChannel(n) ? n : undefined;
  const found = (channel: number): void => {
    if (acpl === undefined) setParams((p) => ({ ...Object.fromEntries(p), acpl: String(channel) }), { replace: true });
  };
  return <PlanDetail key={adId} acpl={acpl} type="plan" id={adId} onChannel={found} />;
}
