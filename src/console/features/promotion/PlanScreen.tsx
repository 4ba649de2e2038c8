import { useParams, useSearchParams } from 'react-router';
import { isPromoteChannel } from '../../../shared/promote.ts';
import { PlanDetail } from './PlanDetail.tsx';
import './promotion.css';

/** The old version's `/promotion/plan/{adId}` and `/minipromote/plan/{adId}`: one plan (`?acpl=` names its channel, default 巨量). */
export function PlanScreen(): React.JSX.Element {
  const { adId = '' } = useParams();
  const [params] = useSearchParams();
  const n = Number(params.get('acpl') ?? 2);
  return <PlanDetail key={`${n}-${adId}`} acpl={isPromoteChannel(n) ? n : 2} type="plan" id={adId} />;
}
