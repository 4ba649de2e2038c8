import { Button } from 'primereact/button';
import { useState } from 'react';
import * as api from '../../../shared/api/orders.ts';
import { call } from '../../lib/api.ts';
import { invalidate, useQuery } from '../../lib/useApi.ts';

/**
 * 拼多多备案 (docs/affiliate-unions.md): the caller's pid + uid pairs 多多进宝 reports unbound, each with its 备案 link
 * to open in the 拼多多 app, and 重新检查 after binding. Nothing shows while everything is bound.
 */
export function PddAuthorityNotice(): React.JSX.Element | null {
  const { data } = useQuery(api.pddAuthority, { pagesize: 5 }, { silent: true });
  const [busy, setBusy] = useState(false);
  if (!data || data.total === 0) return null;
  const recheck = async () => {
    setBusy(true);
    try {
      await call(api.pddAuthority, { recheck: true, pagesize: 5 });
      await invalidate(api.pddAuthority);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="pdd-authority-notice" role="alert">
      <i className="pi pi-exclamation-triangle" aria-hidden="true" />
      <div>
        <strong>拼多多推广身份未备案</strong>
        {data.list.map((n) => (
          <p key={`${n.pid}:${n.uid}`}>
            推广位 {n.pid} · 用户标识 {n.uid}：{n.message}
            {n.bind_url ? (
              <>
                {' '}
                <a href={n.bind_url} target="_blank" rel="noreferrer">
                  打开备案链接
                </a>
              </>
            ) : null}
          </p>
        ))}
      </div>
      <Button label="我已备案，重新检查" size="small" outlined loading={busy} onClick={() => void recheck()} />
    </div>
  );
}
