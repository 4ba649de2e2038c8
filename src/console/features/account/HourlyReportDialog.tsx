import { Dialog } from 'primereact/dialog';
import { RadioButton } from 'primereact/radiobutton';
import { useEffect, useState } from 'react';
import { reportLast } from '../../../shared/api/reports.ts';
import { userGetEmailStatus, userInfoGet, userSetEmailStatus } from '../../../shared/api/user.ts';
import { call } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { invalidate } from '../../lib/useApi.ts';
import { Loading } from '../../ui/Loading.tsx';

/** timeRadio: 1 e-mail notification on, 2 off — the server's email_status (spec §3). */
type TimeRadio = 1 | 2;

/** 时报设置: the choice is saved at once; '提交成功' on success, the switch reverts on failure. */
export function HourlyReportDialog({ onClose }: { onClose: () => void }): React.JSX.Element {
  const [timeRadio, setTimeRadio] = useState<TimeRadio | null>(null);
  const [busy, setBusy] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per opening
  useEffect(() => {
    call(userGetEmailStatus, {})
      .then((d) => setTimeRadio(d.email_status === 1 ? 1 : 2))
      .catch(() => onClose());
  }, []);

  const change = async (next: TimeRadio): Promise<void> => {
    if (timeRadio === null || next === timeRadio || busy) return;
    const prev = timeRadio;
    setTimeRadio(next);
    setBusy(true);
    try {
      await call(userSetEmailStatus, { email_status: next });
      notify.success('提交成功');
      // the account screen shows the switch and the last report
      void invalidate(userInfoGet);
      void invalidate(reportLast);
    } catch {
      setTimeRadio(prev);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog header="时报设置" visible onHide={onClose} style={{ width: 440 }}>
      {timeRadio === null ? (
        <Loading />
      ) : (
        <div className="form-row">
          <span className="form-label">邮件通知</span>
          <div className="radio-row" role="radiogroup" aria-label="邮件通知">
            {([1, 2] as const).map((v) => (
              <label key={v} className="radio-item" htmlFor={`time-radio-${v}`}>
                <RadioButton
                  inputId={`time-radio-${v}`}
                  name="timeRadio"
                  value={v}
                  checked={timeRadio === v}
                  disabled={busy}
                  onChange={() => void change(v)}
                />
                <span>{v === 1 ? '开启' : '关闭'}</span>
              </label>
            ))}
          </div>
        </div>
      )}
      <p className="hint">开启后，每小时将投放数据报告发送到您的登录邮箱。</p>
    </Dialog>
  );
}
