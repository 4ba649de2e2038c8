import { Button } from 'primereact/button';
import { type LastReport, reportLast } from '../../../shared/api/reports.ts';
import { userInfoGet } from '../../../shared/api/user.ts';
import { roleLabel } from '../../../shared/roles.ts';
import { formatTime } from '../../lib/formats.ts';
import { useShell } from '../../lib/shell.ts';
import { useQuery } from '../../lib/useApi.ts';
import { useSession } from '../../lib/useSession.ts';
import { Loading } from '../../ui/Loading.tsx';

const SEND_STATUS: Record<string, string> = { sent: '已发送', queued: '发送中', failed: '发送失败', stored: '已存入发件箱（未配置 SMTP）' };

/** The last hourly report: its hour (China time), where it went and how its delivery went. */
function lastReportText(r: LastReport | undefined): string {
  const last = r?.last;
  if (!last) return '尚未发送';
  const span = `${formatTime(last.hour, 'YYYY-MM-DD HH:mm')}–${formatTime(last.hour + 3600, 'HH:mm')} 时段`;
  const when = last.sent_at ? `，${formatTime(last.sent_at, 'MM-DD HH:mm')}` : '';
  const why = last.status === 'failed' && last.error ? `（${last.error}）` : '';
  return `${span} · ${SEND_STATUS[last.status] ?? last.status}${when}${why} · ${last.to}`;
}

const promoteTypeLabel = (t: number): string => (t === 1 ? '默认' : t === 2 ? '精准' : '默认 + 精准');

/** /accountinfo: the signed-in customer's account (read-only) and its last hourly report, with 修改密码 and 时报设置. */
export function AccountInfoScreen(): React.JSX.Element {
  const { role } = useSession();
  const { openDialog } = useShell();
  const { data, isLoading } = useQuery(userInfoGet, {});
  const report = useQuery(reportLast, {});
  if (isLoading || !data) return <Loading />;
  const rows: Array<[string, string]> = [
    ['用户名', data.username || '--'],
    ['公司名称', data.company || '--'],
    ['登录邮箱', data.email || '--'],
    ['手机号', data.phone || '--'],
    ['账户类型', role ? roleLabel[role] : '--'],
    ['账户状态', data.status === 1 ? '启用' : '禁用'],
    ['到期时间', data.expire_time ? data.expire_time.slice(0, 10) : '长期'],
    ['推广类型', promoteTypeLabel(data.promote_type)],
    ['时报邮件', data.email_status === 1 ? '已开启' : '已关闭'],
    ['上次时报', report.data ? lastReportText(report.data) : '--'],
  ];
  return (
    <section className="card account-info">
      <h2 className="card-title">账户信息</h2>
      <dl className="info-list">
        {rows.map(([k, v]) => (
          <div key={k} className="info-row">
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <div className="actions">
        <Button label="修改密码" icon="pi pi-key" onClick={() => openDialog('password')} />
        <Button label="时报设置" icon="pi pi-envelope" severity="secondary" outlined onClick={() => openDialog('hourly')} />
      </div>
    </section>
  );
}
