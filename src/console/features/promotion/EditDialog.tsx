import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { type AdLevel, PROMOTE_TYPES } from '../../../shared/ad-levels.ts';
import { checkMoney, moneyLimit } from '../../../shared/money-limits.ts';
import { adPlatformOf, type PromoteChannel } from '../../../shared/promote.ts';
import type { PromoteRow } from '../../../shared/promote-schemas.ts';
import { formatNumber } from '../../lib/formats.ts';
import { Field, FieldSet } from '../../ui/FormField.tsx';
import { PROMO_TERMS } from './terms.ts';

interface Props {
  row: PromoteRow;
  field: 'budget' | 'bid';
  onSubmit: (value: number | null) => Promise<unknown>;
  onClose: () => void;
}

/** 修改日预算 / 修改出价 in yuan; 不限 where the platform allows an unlimited budget. The platform has the last word. */
export function EditDialog({ row, field, onSubmit, onClose }: Props): React.JSX.Element {
  const current = row[field];
  // the text as typed: checked against the platform's bounds, never clamped or stripped of its sign
  const [text, setText] = useState(current === null ? '' : String(current));
  const [unlimited, setUnlimited] = useState(field === 'budget' && current === null && row.can.unlimited);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const label = field === 'budget' ? '日预算（元）' : '出价（元）';
  const level = PROMOTE_TYPES[row.type] as AdLevel;
  const limit = moneyLimit(adPlatformOf(row.channel as PromoteChannel), level, field);
  const where = `${row.channel_name}·${row.level_name}`;
  const submit = async (): Promise<void> => {
    const checked = unlimited ? null : checkMoney(text, field === 'budget' ? '日预算' : '出价', limit, where);
    if (checked && !checked.ok) {
      setError(checked.message);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(checked ? checked.yuan : null);
      onClose();
    } catch {
      setBusy(false);
    }
  };
  const footer = (
    <>
      <Button label="取消" severity="secondary" outlined onClick={onClose} disabled={busy} />
      <Button label="提交到平台" loading={busy} onClick={() => void submit()} />
    </>
  );
  return (
    <Dialog
      header={field === 'budget' ? PROMO_TERMS.editBudget : PROMO_TERMS.editBid}
      visible
      onHide={onClose}
      footer={footer}
      style={{ width: 460 }}
    >
      <FieldSet onSubmit={() => void submit()}>
        <div className="promote-edit-target">
          {row.level_name}：<strong>{row.name}</strong>
          <div className="muted">
            当前{field === 'budget' ? '日预算' : '出价'}：{current === null ? PROMO_TERMS.unlimited : formatNumber(current, 2)} ·{' '}
            {row.channel_name}
          </div>
        </div>
        <Field label={label} htmlFor="promote-edit-value" error={error} labelWidth={104}>
          <InputText
            id="promote-edit-value"
            inputMode="decimal"
            value={unlimited ? '' : text}
            onChange={(e) => {
              setText(e.target.value);
              setError('');
            }}
            disabled={unlimited}
            invalid={!!error}
            autoFocus
          />
        </Field>
        <p className="muted promote-edit-limit">
          可填 {limit.min}–{limit.max} 元，最多两位小数（{where}）
        </p>
        {field === 'budget' && row.can.unlimited ? (
          <label className="radio-item" htmlFor="promote-edit-unlimited">
            <Checkbox inputId="promote-edit-unlimited" checked={unlimited} onChange={(e) => setUnlimited(!!e.checked)} />{' '}
            {PROMO_TERMS.unlimited}
          </label>
        ) : null}
        <p className="muted promote-edit-note">
          修改会提交到{row.channel_name}，由平台按它的规则决定是否生效（例如巨量的日预算不能低于当日已消耗的 105%）。
        </p>
      </FieldSet>
    </Dialog>
  );
}
