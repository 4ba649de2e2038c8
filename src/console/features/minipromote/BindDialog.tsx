import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import type { MiniPromotion } from '../../../shared/promote-old-schemas.ts';
import { Field, FieldSet } from '../../ui/FormField.tsx';
import { MultiSelect } from '../../ui/MultiSelect.tsx';
import { namedOptions } from '../../ui/options.ts';
import { Select } from '../../ui/Select.tsx';
import { usePromoteList } from '../promotion/usePromote.ts';
import { bindPlans } from './useMini.ts';

/**
 * 登记计划: plans that open the mini-app directly carry none of our monitor URLs, so the sync cannot tell which
 * link they promote; the customer says so here. Plans already tied to a link through their URLs are not offered.
 */
export function BindDialog({ promotion, onClose }: { promotion: MiniPromotion; onClose: () => void }): React.JSX.Element {
  const [advertiser, setAdvertiser] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const accounts = usePromoteList({ acpl: promotion.channel, type: 'adver', customerid: promotion.customerid, page: 1, pagesize: 100 });
  const plans = usePromoteList(
    advertiser ? { acpl: promotion.channel, type: 'plan', advertiser_id: advertiser, page: 1, pagesize: 100 } : null,
  );
  const free = (plans.data?.list ?? []).filter((p) => !p.pageid || p.pageid === promotion.pageid);
  const submit = async (): Promise<void> => {
    if (!advertiser || chosen.length === 0) {
      setError('请选择广告账户和要登记的计划');
      return;
    }
    setBusy(true);
    try {
      await bindPlans('add', { pageid: promotion.pageid, social: promotion.channel, advertiser_id: advertiser, plan_ids: chosen });
      onClose();
    } catch {
      setBusy(false);
    }
  };
  return (
    <Dialog
      header={`登记推广「${promotion.title || promotion.pageid}」的计划`}
      visible
      onHide={onClose}
      style={{ width: 560 }}
      footer={
        <>
          <Button label="取消" severity="secondary" outlined onClick={onClose} disabled={busy} />
          <Button label="登记" loading={busy} onClick={() => void submit()} />
        </>
      }
    >
      <FieldSet onSubmit={() => void submit()} formError={error}>
        <Field label="广告账户" htmlFor="bind-account">
          <Select<string>
            inputId="bind-account"
            placeholder="选择广告账户"
            value={advertiser}
            options={namedOptions(
              accounts.data?.list ?? [],
              (a) => a.name || `账户 ${a.id}`,
              (a) => a.id,
              (a) => a.id,
            )}
            onChange={(v) => (setAdvertiser(v), setChosen([]), setError(''))}
          />
        </Field>
        <Field label="广告计划" htmlFor="bind-plans" hint="只列出没有通过监测链接关联其他推广链接的计划">
          <MultiSelect<string>
            inputId="bind-plans"
            placeholder={advertiser ? '选择计划' : '先选择广告账户'}
            disabled={!advertiser}
            filter
            value={chosen}
            options={namedOptions(
              free,
              (p) => p.name || `计划 ${p.id}`,
              (p) => p.id,
              (p) => p.id,
            )}
            onChange={(v) => (setChosen(v), setError(''))}
          />
        </Field>
      </FieldSet>
    </Dialog>
  );
}
