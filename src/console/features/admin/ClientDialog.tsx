import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { type ClientView, clientCreateInput, clientUpdateInput, pastExpiry } from '../../../shared/admin.ts';
import { ApiError } from '../../lib/api.ts';
import { businessNow } from '../../lib/clock.ts';
import { checkForm, type FieldErrors } from '../../lib/form-errors.ts';
import { notify } from '../../lib/notify.ts';
import { Field, FieldSet } from '../../ui/FormField.tsx';
import { Select } from '../../ui/Select.tsx';
import { useShake } from '../../ui/useShake.ts';
import { promoteTypeLabel, statusLabel, usertypeLabel } from './labels.ts';
import { saveClient, useAgents } from './useAdmin.ts';

interface Form {
  email: string;
  password: string;
  company: string;
  username: string;
  phone: string;
  usertype: 'common' | 'agent';
  promote_type: number;
  expire_time: string;
  status: number;
  agent_id: number | null;
}

const blank: Form = {
  email: '',
  password: '',
  company: '',
  username: '',
  phone: '',
  usertype: 'common',
  promote_type: 1,
  expire_time: '',
  status: 1,
  agent_id: null,
};
const fromClient = (c: ClientView): Form => ({ ...blank, ...c, password: '', agent_id: c.agent_id });

const W = 96;

/** 新建客户 / 编辑客户: the spec §3 fields; the shared schema checks them first, the server's answer lands by its field. */
export function ClientDialog({ client, onClose }: { client?: ClientView; onClose: () => void }): React.JSX.Element {
  const [form, setForm] = useState<Form>(client ? fromClient(client) : blank);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const [shakeClass, shake] = useShake();
  const agents = useAgents();
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const text = (key: 'email' | 'password' | 'company' | 'username' | 'phone', placeholder = '', type = 'text') => (
    <InputText
      id={`client-${key}`}
      type={type}
      value={form[key]}
      onChange={(e) => set({ [key]: e.target.value })}
      placeholder={placeholder}
      invalid={!!errors[key]}
      className="w-full"
    />
  );

  const submit = async (): Promise<void> => {
    const { agent_id, password, ...rest } = form;
    const body = client ? { ...rest, id: client.id } : { ...rest, password, ...(agent_id ? { agent_id } : {}) };
    const checked = checkForm(client ? clientUpdateInput : clientCreateInput, body);
    setFormError('');
    if (!checked.ok) {
      setErrors(checked.errors);
      return shake();
    }
    setErrors({});
    setBusy(true);
    try {
      await saveClient(body);
      notify.success(client ? '保存成功' : '创建成功');
      onClose();
    } catch (err) {
      setBusy(false);
      const field = err instanceof ApiError ? (err.data as { field?: string } | null)?.field : undefined;
      const msg = err instanceof ApiError ? err.message : '保存失败，请稍后再试';
      if (field) setErrors({ [field]: msg });
      else setFormError(msg);
      shake();
    }
  };
  const footer = (
    <>
      <Button label="取消" severity="secondary" outlined onClick={onClose} />
      <Button label="确定" loading={busy} onClick={() => void submit()} />
    </>
  );
  const agentOptions = (agents.data?.list ?? []).map((a) => ({ label: a.company || a.email, value: a.id }));
  return (
    <Dialog
      header={client ? `编辑客户 ${client.email}` : '新建客户'}
      visible
      onHide={onClose}
      style={{ width: 560 }}
      footer={footer}
      className={shakeClass}
    >
      <FieldSet onSubmit={() => void submit()} formError={formError}>
        <Field label="公司名称" htmlFor="client-company" required error={errors.company} labelWidth={W}>
          {text('company')}
        </Field>
        <Field label="登录邮箱" htmlFor="client-email" required error={errors.email} labelWidth={W}>
          {text('email', 'name@example.com')}
        </Field>
        {client ? null : (
          <Field label="初始密码" htmlFor="client-password" required error={errors.password} labelWidth={W}>
            {text('password', '6–20 个字符', 'password')}
          </Field>
        )}
        <Field label="联系人" htmlFor="client-username" error={errors.username} labelWidth={W}>
          {text('username', '选填')}
        </Field>
        <Field label="联系电话" htmlFor="client-phone" error={errors.phone} labelWidth={W}>
          {text('phone', '选填，数字')}
        </Field>
        <Field label="客户类型" htmlFor="client-usertype" required error={errors.usertype} labelWidth={W}>
          <Select<'common' | 'agent'>
            inputId="client-usertype"
            value={form.usertype}
            options={(['common', 'agent'] as const).map((u) => ({ label: usertypeLabel(u), value: u }))}
            onChange={(u) => u && set({ usertype: u, ...(u === 'agent' ? { agent_id: null } : {}) })}
            className="w-full"
          />
        </Field>
        {client || form.usertype === 'agent' ? null : (
          <Field label="所属代理商" htmlFor="client-agent" error={errors.agent_id} labelWidth={W}>
            <Select<number>
              inputId="client-agent"
              value={form.agent_id}
              options={agentOptions}
              allLabel="无"
              onChange={(agent_id) => set({ agent_id })}
              filter
              className="w-full"
            />
          </Field>
        )}
        <Field label="推广类型" htmlFor="client-promote" required error={errors.promote_type} labelWidth={W}>
          <Select<number>
            inputId="client-promote"
            value={form.promote_type}
            options={[1, 2, 3].map((n) => ({ label: promoteTypeLabel(n), value: n }))}
            onChange={(n) => n && set({ promote_type: n })}
            className="w-full"
          />
        </Field>
        <Field
          label="到期日期"
          htmlFor="client-expire"
          error={errors.expire_time ?? pastExpiry(form.expire_time, businessNow().format('YYYY-MM-DD')) ?? undefined}
          hint="留空表示长期有效"
          labelWidth={W}
        >
          <InputText
            id="client-expire"
            type="date"
            value={form.expire_time}
            onChange={(e) => set({ expire_time: e.target.value })}
            className="w-full"
          />
        </Field>
        <Field label="状态" htmlFor="client-status" required labelWidth={W}>
          <Select<number>
            inputId="client-status"
            value={form.status}
            options={[1, 0].map((s) => ({ label: statusLabel(s), value: s }))}
            onChange={(s) => s !== null && set({ status: s })}
            className="w-full"
          />
        </Field>
      </FieldSet>
    </Dialog>
  );
}
