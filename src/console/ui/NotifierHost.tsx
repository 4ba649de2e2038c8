import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Toast } from 'primereact/toast';
import { useEffect, useRef, useState } from 'react';
import { logoutExpired } from '../lib/auth.ts';
import { setupLocale } from '../lib/locale.ts';
import type { Notice } from '../lib/notify.ts';

setupLocale();

/**
 * Draws what lib/notify.ts announces: toasts, the ban alert and the single login-expired box (spec §8).
 * Loaded on the first notice (see Notifier.tsx), so PrimeReact's overlay code is not in the first load.
 */
export function NotifierHost({ queue }: { queue: readonly Notice[] }): React.JSX.Element {
  const toast = useRef<Toast>(null);
  const shown = useRef(0);
  const [alert, setAlert] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);

  useEffect(() => {
    for (const n of queue.slice(shown.current)) {
      shown.current += 1;
      if (n.kind === 'toast') toast.current?.show({ severity: n.severity, summary: n.summary, life: n.life });
      else if (n.kind === 'alert') setAlert(n.message);
      else setExpired(true);
    }
  }, [queue]);

  return (
    <>
      <Toast ref={toast} position="top-right" style={{ top: 64 }} />
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
