import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { TaskResult } from '../../../shared/promote-schemas.ts';
import { ResourceTable } from '../../ui/ResourceTable.tsx';
import { CHANGE_RESULT, changeValueText } from './terms.ts';

type Item = TaskResult['items'][number];

/** The answer of a batch: one line per item with the platform's word on it. */
export function TaskResultDialog({ result, onClose }: { result: TaskResult; onClose: () => void }): React.JSX.Element {
  return (
    <Dialog
      header={`任务 ${result.task_id || ''} 的结果：${result.applied} 项生效，${result.refused} 项未生效`}
      visible
      onHide={onClose}
      style={{ width: 720 }}
      footer={<Button label="知道了" onClick={onClose} autoFocus />}
    >
      <ResourceTable<Item>
        ariaLabel="批量修改结果"
        rows={result.items}
        rowKey={(i) => i.change_id}
        columns={[
          { key: 'name', header: '推广对象', cell: (i) => <span title={i.id}>{i.name || i.id}</span> },
          {
            key: 'change',
            header: '修改',
            width: 130,
            cell: (i) => `${changeValueText(i.field, i.before)} → ${changeValueText(i.field, i.after)}`,
          },
          {
            key: 'result',
            header: '结果',
            width: 250,
            cell: (i) => (
              <span className={i.result === 'applied' ? 'result-ok' : 'result-bad'}>
                {CHANGE_RESULT[i.result]}
                {i.message ? `：${i.message}` : ''}
              </span>
            ),
          },
        ]}
      />
    </Dialog>
  );
}
