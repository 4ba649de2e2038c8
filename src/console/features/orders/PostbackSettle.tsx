import { Button } from 'primereact/button';
import * as adminApi from '../../../shared/api/admin.ts';
import * as api from '../../../shared/api/orders.ts';
import { POSTBACK_SETTLE } from '../../../shared/orders.ts';
import { call } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { invalidate } from '../../lib/useApi.ts';
import { useConfirm } from '../../ui/ConfirmDialog.tsx';
import './orders.css';

type Action = keyof typeof POSTBACK_SETTLE;
const ASK: Record<Action, string> = {
  received: '确认平台后台已经有这笔转化？回传将记为“已回传”，不会再发送。',
  resend: '确认平台后台没有这笔转化？将重新发送一次；如果平台其实已收到，这笔转化会被计两次。',
};

/** Settle a 待确认 postback (docs/attribution.md): 已收到 or 重新发送, asked once more, then every order view refreshed. */
export function PostbackSettle({ orderid, onDone }: { orderid: string; onDone?: () => void }): React.JSX.Element {
  const [dialog, confirm] = useConfirm();
  const ask = (action: Action) =>
    confirm({
      title: `回传待确认：${POSTBACK_SETTLE[action]}`,
      message: ASK[action],
      acceptLabel: POSTBACK_SETTLE[action],
      danger: action === 'resend',
      onAccept: async () => {
        await call(api.postbackSettle, { orderid, action });
        notify.success(action === 'received' ? '已记为已回传' : '已安排重新发送');
        await Promise.all([
          invalidate(api.landReport),
          invalidate(api.linkOrder),
          invalidate(adminApi.adminHealth),
          invalidate(adminApi.adminHome),
        ]);
        onDone?.();
      },
    });
  return (
    <span className="postback-settle">
      <Button label={POSTBACK_SETTLE.received} size="small" icon="pi pi-check" onClick={() => ask('received')} />
      <Button label={POSTBACK_SETTLE.resend} size="small" severity="warning" outlined icon="pi pi-send" onClick={() => ask('resend')} />
      {dialog}
    </span>
  );
}
