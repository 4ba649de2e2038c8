import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useNavigate } from 'react-router';
import type { MiniPromotion } from '../../../shared/promote-old-schemas.ts';
import type { PromoteRow } from '../../../shared/promote-schemas.ts';
import type { DateRangeValue } from '../../lib/dates.ts';
import { formatNumber } from '../../lib/formats.ts';
import { ResourceTable } from '../../ui/ResourceTable.tsx';
import { planPath } from '../promotion/old-paths.ts';
import { StatusTag } from '../promotion/StatusTag.tsx';
import { bindPlans, useMiniDetail } from './useMini.ts';

/** The plans of one mini-app promotion: how each is tied to the link, its status and cost; a registration can be removed. */
export function MiniPlansDialog({ promotion, range, onClose }: { promotion: MiniPromotion; range: DateRangeValue; onClose: () => void }) {
  const navigate = useNavigate();
  const { data, error, isLoading } = useMiniDetail({ pageid: promotion.pageid, start: range[0], end: range[1] });
  const unbind = (r: PromoteRow) => void bindPlans('delete', { pageid: promotion.pageid, social: promotion.channel, plan_ids: [r.id] });
  return (
    <Dialog
      header={`推广「${promotion.title || promotion.pageid}」的计划`}
      visible
      onHide={onClose}
      style={{ width: 860 }}
      footer={<Button label="关闭" onClick={onClose} />}
    >
      <ResourceTable<PromoteRow>
        ariaLabel="小程序推广的计划"
        rows={data?.plans.list}
        rowKey={(r) => r.id}
        loading={isLoading}
        error={error}
        emptyText="还没有计划推广这条链接：可以登记直达小程序的计划"
        columns={[
          {
            key: 'name',
            header: '广告计划',
            cell: (r) => (
              <button type="button" className="link-button promote-name-text" onClick={() => navigate(planPath('/minipromote', r))}>
                {r.name || r.id}
              </button>
            ),
          },
          { key: 'via', header: '关联方式', width: 100, cell: (r) => (r.bound ? '小程序登记' : '监测链接') },
          { key: 'status', header: '状态', width: 120, cell: (r) => <StatusTag row={r} pending={false} /> },
          { key: 'cost', header: '消耗', width: 110, align: 'right', cell: (r) => formatNumber(r.metrics.sum_cost, 2) },
        ]}
        actions={[{ label: '解除登记', danger: true, visible: (r) => r.bound, onClick: unbind }]}
      />
    </Dialog>
  );
}
