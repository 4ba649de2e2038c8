import type { HomeView } from '../../../shared/admin-reports.ts';
import { formatNumber } from '../../lib/formats.ts';

/** 45 秒, 3 分 20 秒, 2 小时 5 分. */
export function waitedText(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} 秒`;
  if (s < 3600) return `${Math.floor(s / 60)} 分${s % 60 ? ` ${s % 60} 秒` : ''}`;
  const m = Math.floor((s % 3600) / 60);
  return `${Math.floor(s / 3600)} 小时${m ? ` ${m} 分` : ''}`;
}

/**
 * 监测数据处理积压: on the admin home only while the tracking processor lags past its warning threshold (the server
 * decides: `tracking_lag.lagging`), with how many pings and visits wait and how long the oldest has waited.
 */
export function TrackingLagNotice({ lag }: { lag: HomeView['tracking_lag'] }): React.JSX.Element | null {
  if (!lag.lagging) return null;
  return (
    <div className="lag-notice" role="status">
      <i className="pi pi-exclamation-triangle" aria-hidden="true" />
      <span>
        监测数据处理积压：{formatNumber(lag.backlog_rows)} 条监测与访问记录待处理，最早一条已等待 {waitedText(lag.lag_seconds)}。
        看板上的展示、点击与访问数暂时偏少，处理追上后自动补齐。
      </span>
    </div>
  );
}
