import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { brandBind } from '../../../shared/api/udsmart.ts';
import { type BrandView, brandCreateInput } from '../../../shared/udsmart.ts';
import { ApiError } from '../../lib/api.ts';
import { checkForm, type FieldErrors } from '../../lib/form-errors.ts';
import { notify } from '../../lib/notify.ts';
import { Field, FieldSet } from '../../ui/FormField.tsx';
import { MultiSelect } from '../../ui/MultiSelect.tsx';
import { useCloseGuard } from '../../ui/useCloseGuard.tsx';
import { useShake } from '../../ui/useShake.ts';
import { accountLabel } from './labels.ts';
import { saveBrand, udAction, useCandidates } from './useUdsmart.ts';

export type BrandEdit = { kind: 'create' } | { kind: 'edit' | 'bind'; brand: BrandView };

/** 新建 / 编辑品牌 (name, logo text) and 绑定广告账户 (巨量, 腾讯, 快手 accounts not on another admin's brand). */
export function BrandDialog({ edit, onClose }: { edit: BrandEdit; onClose: () => void }): React.JSX.Element {
  const brand = edit.kind === 'create' ? null : edit.brand;
  const [name, setName] = useState(brand?.name ?? '');
  const [logo, setLogo] = useState(brand?.logo_text ?? '');
  const [accounts, setAccounts] = useState<number[]>(brand?.accounts.map((a) => a.id) ?? []);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const [shakeClass, shake] = useShake();
  const candidates = useCandidates(edit.kind === 'bind');
  const before = brand?.accounts.map((a) => a.id) ?? [];
  const changed =
    edit.kind === 'bind'
      ? accounts.length !== before.length || accounts.some((id) => !before.includes(id))
      : name !== (brand?.name ?? '') || logo !== (brand?.logo_text ?? '');
  // Esc or × with picks or text not saved asks first: the picks were lost (issue 18)
  const [guard, requestClose] = useCloseGuard(changed, onClose, edit.kind === 'bind' ? '账户选择' : '修改');

  const submit = async (): Promise<void> => {
    setFormError('');
    if (edit.kind !== 'bind') {
      const c = checkForm(brandCreateInput, { name, logo_text: logo });
      if (!c.ok) {
        setErrors(c.errors);
        return shake();
      }
    }
    setErrors({});
    setBusy(true);
    try {
      if (edit.kind === 'create') await saveBrand({ name, logo_text: logo });
      else if (edit.kind === 'edit') await saveBrand({ id: edit.brand.id, name, logo_text: logo });
      else await udAction(brandBind, { id: edit.brand.id, account_ids: accounts });
      notify.success(edit.kind === 'create' ? '创建成功' : '保存成功');
      onClose();
    } catch (err) {
      setBusy(false);
      setFormError(err instanceof ApiError ? err.message : '保存失败，请稍后再试');
      shake();
    }
  };
  const footer = (
    <>
      <Button label="取消" severity="secondary" outlined onClick={onClose} />
      <Button label="确定" loading={busy} onClick={() => void submit()} />
    </>
  );
  const title =
    edit.kind === 'create' ? '新建品牌' : edit.kind === 'edit' ? `编辑品牌 ${edit.brand.name}` : `绑定广告账户：${edit.brand.name}`;
  return (
    <>
      <Dialog header={title} visible onHide={requestClose} style={{ width: 560 }} footer={footer} className={shakeClass}>
        <FieldSet onSubmit={() => void submit()} formError={formError}>
          {edit.kind === 'bind' ? (
            <Field label="广告账户" htmlFor="brand-accounts" hint="巨量引擎、腾讯、磁力引擎的账户；一个账户只属于一个品牌" labelWidth={88}>
              <MultiSelect<number>
                inputId="brand-accounts"
                value={accounts}
                options={(candidates.data ?? []).map((a) => ({ label: accountLabel(a), value: a.id }))}
                onChange={setAccounts}
                filter
                placeholder={candidates.isLoading ? '加载中…' : '请选择广告账户'}
                maxLabels={2}
                className="w-full"
              />
            </Field>
          ) : (
            <>
              <Field label="品牌名称" htmlFor="brand-name" required error={errors.name} labelWidth={88}>
                <InputText
                  id="brand-name"
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                  invalid={!!errors.name}
                  className="w-full"
                />
              </Field>
              <Field label="Logo 文字" htmlFor="brand-logo" error={errors.logo_text} hint="最多 8 个字符，显示在品牌标识里" labelWidth={88}>
                <InputText
                  id="brand-logo"
                  value={logo}
                  onChange={(e) => setLogo(e.target.value)}
                  invalid={!!errors.logo_text}
                  className="w-full"
                />
              </Field>
            </>
          )}
        </FieldSet>
      </Dialog>
      {guard}
    </>
  );
}
