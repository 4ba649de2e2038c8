import { Button } from 'primereact/button';
import { userInfoGet } from '../../../shared/api/user.ts';
import { roleLabel } from '../../../shared/roles.ts';
import { useShell } from '../../lib/shell.ts';
import { useQuery } from '../../lib/useApi.ts';
import { useSession } from '../../lib/useSession.ts';
import { Loading } from '../../ui/Loading.tsx';

const promoteTypeLabel = (t: number): string => (t === 1 ? '默认' : t === 2 ? '精准' : '默认 + 精准');

/** /accountinfo: the signed-in customer's account (read-only), with 修改密码 and 时报设置. */
export function AccountInfoScreen(): React.JSX.Element {
  const { role } = useSession();
  const { openDialog } = useShell();
  const { data, isLoading } = useQuery(userInfoGet, {});
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
