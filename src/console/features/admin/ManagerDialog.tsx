import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { MANAGED_ROLES, type ManagerView, managerCreateInput, managerPasswordInput, managerUpdateInput } from '../../../shared/admin.ts';
import { managerPassword } from '../../../shared/api/admin.ts';
import { ApiError } from '../../lib/api.ts';
import { checkForm, type FieldErrors } from '../../lib/form-errors.ts';
import { notify } from '../../lib/notify.ts';
import { Field, FieldSet } from '../../ui/FormField.tsx';
import { Select } from '../../ui/Select.tsx';
import { useShake } from '../../ui/useShake.ts';
import { roleName } from './labels.ts';
import { managerAction, saveManager, useUdAdmins } from './useAdmin.ts';

export type ManagerEdit = { kind: 'create' } | { kind: 'edit' | 'password'; manager: ManagerView };

interface Form {
  email: string;
  password: string;
  username: string;
  phone: string;
  role: number;
  parent_id: number | null;
}

const W = 96;

/** 新建 / 编辑管理员 and 重置密码 (role 1 only); the role 6 sub-account names its UDSmart admin. */
export function ManagerDialog({ edit, onClose }: { edit: ManagerEdit; onClose: () => void }): React.JSX.Element {
  const m = edit.kind === 'create' ? null : edit.manager;
  const [form, setForm] = useState<Form>({
    email: m?.email ?? '',
    password: '',
    username: m?.username ?? '',
    phone: m?.phone ?? '',
    role: m?.role ?? 2,
    parent_id: m?.parent_id ?? null,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const [shakeClass, shake] = useShake();
  const udAdmins = useUdAdmins();
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const text = (key: 'email' | 'password' | 'username' | 'phone', type = 'text', placeholder = '') => (
    <InputText
      id={`manager-${key}`}
      type={type}
      value={form[key]}
      placeholder={placeholder}
      onChange={(e) => set({ [key]: e.target.value })}
      invalid={!!errors[key]}
      className="w-full"
    />
  );
  const parent = form.role === 6 && form.parent_id ? { parent_id: form.parent_id } : {};
  const profile = { username: form.username, phone: form.phone, role: form.role, ...parent };
  /** Checks the form with the shared schema, then sends it; the field errors when it does not pass. */
  const send = (): FieldErrors | (() => Promise<unknown>) => {
    if (edit.kind === 'create') {
      const body = { email: form.email, password: form.password, ...profile };
      const c = checkForm(managerCreateInput, body);
      return c.ok ? () => saveManager(body) : c.errors;
    }
    if (edit.kind === 'edit') {
      const body = { id: edit.manager.id, ...profile };
      const c = checkForm(managerUpdateInput, body);
      return c.ok ? () => saveManager(body) : c.errors;
    }
    const body = { id: edit.manager.id, password: form.password };
    const c = checkForm(managerPasswordInput, body);
    return c.ok ? () => managerAction(managerPassword, body) : c.errors;
  };

  const submit = async (): Promise<void> => {
    const run = send();
    setFormError('');
    if (typeof run !== 'function') {
      setErrors(run);
      return shake();
    }
    setErrors({});
    setBusy(true);
    try {
      await run();
      notify.success(edit.kind === 'create' ? '创建成功' : edit.kind === 'edit' ? '保存成功' : '密码已重置');
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
  const title =
    edit.kind === 'create' ? '新建管理员' : edit.kind === 'edit' ? `编辑管理员 ${edit.manager.email}` : `重置密码：${edit.manager.email}`;
  const footer = (
    <>
      <Button label="取消" severity="secondary" outlined onClick={onClose} />
      <Button label="确定" loading={busy} onClick={() => void submit()} />
    </>
  );
  return (
    <Dialog header={title} visible onHide={onClose} style={{ width: 520 }} footer={footer} className={shakeClass}>
      <FieldSet onSubmit={() => void submit()} formError={formError}>
        {edit.kind === 'create' ? (
          <Field label="登录邮箱" htmlFor="manager-email" required error={errors.email} labelWidth={W}>
            {text('email', 'text', 'name@example.com')}
          </Field>
        ) : null}
        {edit.kind !== 'edit' ? (
          <Field
            label={edit.kind === 'create' ? '初始密码' : '新密码'}
            htmlFor="manager-password"
            required
            error={errors.password}
            labelWidth={W}
          >
            {text('password', 'password', '6–20 个字符')}
          </Field>
        ) : null}
        {edit.kind !== 'password' ? (
          <>
            <Field label="姓名" htmlFor="manager-username" error={errors.username} labelWidth={W}>
              {text('username', 'text', '选填')}
            </Field>
            <Field label="手机号" htmlFor="manager-phone" error={errors.phone} labelWidth={W}>
              {text('phone', 'text', '选填，数字')}
            </Field>
            <Field label="角色" htmlFor="manager-role" required error={errors.role} labelWidth={W}>
              <Select<number>
                inputId="manager-role"
                value={form.role}
                options={MANAGED_ROLES.map((r) => ({ label: roleName(r), value: r }))}
                onChange={(r) => r && set({ role: r })}
                className="w-full"
              />
            </Field>
            {form.role === 6 ? (
              <Field label="所属 UDSmart" htmlFor="manager-parent" required error={errors.parent_id} labelWidth={W}>
                <Select<number>
                  inputId="manager-parent"
                  value={form.parent_id}
                  placeholder="请选择 UDSmart 管理员"
                  options={(udAdmins.data?.list ?? []).map((u) => ({ label: u.email, value: u.id }))}
                  onChange={(parent_id) => set({ parent_id })}
                  className="w-full"
                />
              </Field>
            ) : null}
          </>
        ) : null}
      </FieldSet>
    </Dialog>
  );
}
