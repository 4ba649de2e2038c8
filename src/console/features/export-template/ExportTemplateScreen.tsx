import { useSearchParams } from 'react-router';
import { Loading } from '../../ui/Loading.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { ExportRecordsPanel } from './ExportRecordsPanel.tsx';
import { TemplatesPanel } from './TemplatesPanel.tsx';
import { useKinds } from './useExports.ts';
import './export-template.css';

type Tab = 'templates' | 'records';
const TABS = [
  { label: '导出模板', value: 'templates' as Tab },
  { label: '导出记录', value: 'records' as Tab },
];

/** /exportTemplate: the user's export templates (columns and their order per list) and their exports with progress and downloads. */
export function ExportTemplateScreen(): React.JSX.Element {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'records' ? 'records' : 'templates';
  const kinds = useKinds();
  return (
    <div className="card export-template-screen">
      <h2 className="card-title">导出模板</h2>
      <Tabs<Tab>
        ariaLabel="导出模板与记录"
        tabs={TABS}
        value={tab}
        onChange={(t) => setParams(t === 'records' ? { tab: t } : {}, { replace: true })}
      />
      {tab === 'records' ? <ExportRecordsPanel /> : kinds.data ? <TemplatesPanel kinds={kinds.data} /> : <Loading />}
    </div>
  );
}
