import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import type { ClientView } from '../../../shared/admin.ts';
import { clientAssign, clientExtend } from '../../../shared/api/admin.ts';
import { notify } from '../../lib/notify.ts';
import { Field, FieldSet } from '../../ui/FormField.tsx';
import { Select } from '../../ui/Select.tsx';
import { clientAction, useAgents } from './useAdmin.ts';

export type ClientAction = { kind: 'extend' | 'assign'; client: ClientView };

const EXTEND_DAYS = [30, 90, 180, 365].map((d) => ({ label: `${d} 天`, value: d }));

/** 延期 (by a number of days from the later of today and the expiry) and 分配代理商 (or 解除). */
export function ClientActionDialog({ action, onClose }: { action: ClientAction; onClose: () => void }): React.JSX.Element {
  const { kind, client } = action;
  const [days, setDays] = useState(30);
  const [agent, setAgent] = useState<number | null>(client.agent_id);
  const [busy, setBusy] = useState(false);
  const agents = useAgents();
  const submit = async (): Promise<void> => {
    setBusy(true);
    try {
      if (kind === 'extend') await clientAction(clientExtend, { id: client.id, days });
      else await clientAction(clientAssign, { id: client.id, agent_id: agent ?? 0 });
      notify.success(kind === 'extend' ? '已延期' : '保存成功');
      onClose();
    } catch {
      setBusy(false);
    }
  };
  const footer = (
    <>
      <Button label="取消" severity="secondary" outlined onClick={onClose} />
      <Button label="确定" loading={busy} onClick={() => void submit()} />
    </>
  );
  return (
    <Dialog
      header={`${kind === 'extend' ? '延长有效期' : '分配代理商'}：${client.company || client.email}`}
      visible
      onHide={onClose}
      style={{ width: 460 }}
      footer={footer}
    >
      <FieldSet onSubmit={() => void submit()}>
        {kind === 'extend' ? (
          <Field label="延长" htmlFor="extend-days" hint={`当前到期：${client.expire_time || '长期有效'}`} labelWidth={72}>
            <Select<number> inputId="extend-days" value={days} options={EXTEND_DAYS} onChange={(d) => d && setDays(d)} className="w-full" />
          </Field>
        ) : (
          <Field label="代理商" htmlFor="assign-agent" labelWidth={72}>
            <Select<number>
              inputId="assign-agent"
              value={agent}
              options={(agents.data?.list ?? []).map((a) => ({ label: a.company || a.email, value: a.id }))}
              allLabel="无（解除关联）"
              onChange={setAgent}
              filter
              className="w-full"
            />
          </Field>
        )}
      </FieldSet>
    </Dialog>
  );
}
