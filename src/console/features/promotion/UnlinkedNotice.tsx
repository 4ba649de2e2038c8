import type { PromoteRow } from '../../../shared/promote-schemas.ts';
import { formatNumber } from '../../lib/formats.ts';

/**
 * Accounts whose plans drive none of our promotion links (a newly authorised account, plans made elsewhere): their
 * report numbers belong to no sub-platform and no order can reach those plans, so the list's 消耗 for a sub-platform
 * reads 0 beside a sync that wrote rows. Says so per account, with the account's own cost, shows and clicks over the
 * range (issue 18).
 */
export function UnlinkedNotice({ rows }: { rows: readonly PromoteRow[] | undefined }): React.JSX.Element | null {
  const bare = (rows ?? []).filter((r) => r.type === 'adver' && r.unlinked);
  if (!bare.length) return null;
  return (
    <div className="unlinked-notice" role="status">
      <i className="pi pi-info-circle" aria-hidden="true" />
      <div>
        {bare.map((r) => {
          const m = r.unlinked?.metrics;
          return (
            <p key={r.id}>
              {`账户「${r.name || r.id}」的 ${r.unlinked?.plans ?? 0} 个计划未使用本平台的推广链接：`}
              {`所选日期内消耗 ${formatNumber(m?.sum_cost ?? 0, 2)}、展示 ${formatNumber(m?.sum_show_cnt ?? 0)}、点击 ${formatNumber(m?.sum_click ?? 0)}，`}
              不属于任何竞价推广平台，订单也无法归因到这些计划。在计划的监测链接或落地页中使用本平台的推广链接后，数据会计入对应平台。
            </p>
          );
        })}
      </div>
    </div>
  );
}
