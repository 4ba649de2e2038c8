import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Toast } from 'primereact/toast';
import { useEffect, useRef, useState } from 'react';
import { logoutExpired } from '../app/auth.ts';
import { subscribe } from '../lib/notify.ts';

/** Draws what lib/notify.ts announces: toasts, the ban alert and the single login-expired box (spec §8). */
export function Notifier(): React.JSX.Element {
  const toast = useRef<Toast>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);

  useEffect(
    () =>
      subscribe((n) => {
        if (n.kind === 'toast') toast.current?.show({ severity: n.severity, summary: n.summary, life: n.life });
        else if (n.kind === 'alert') setAlert(n.message);
        else setExpired(true);
      }),
    [],
  );

  return (
    <>
      <Toast ref={toast} position="top-center" />
      <Dialog
        header="提示"
        visible={alert !== null}
        onHide={() => setAlert(null)}
        style={{ width: 420 }}
        footer={<Button label="确定" onClick={() => setAlert(null)} autoFocus />}
      >
        <p className="m-0">{alert}</p>
      </Dialog>
      <Dialog
        header="提示"
        visible={expired}
        closable={false}
        onHide={() => undefined}
        style={{ width: 420 }}
        className="expired-dialog"
        footer={
          <>
            <Button label="返回首页" severity="secondary" outlined onClick={logoutExpired} />
            <Button label="重新登录" onClick={logoutExpired} autoFocus />
          </>
        }
      >
        <p className="m-0">
          <i className="pi pi-exclamation-triangle expired-icon" aria-hidden="true" /> 登录信息已过期
        </p>
      </Dialog>
    </>
  );
}
