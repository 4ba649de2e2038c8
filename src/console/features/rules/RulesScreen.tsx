import { useSearchParams } from 'react-router';
import { Tabs } from '../../ui/Tabs.tsx';
import { HistoryPanel } from './HistoryPanel.tsx';
import { RulesPanel } from './RulesPanel.tsx';
import './rules.css';

type Tab = 'rules' | 'history';
const TABS = [
  { label: '规则', value: 'rules' as Tab },
  { label: '执行记录', value: 'history' as Tab },
];

/** /rules (customers) and /newsxA/rules (admins, every customer's): automatic rules and what they did. */
export function RulesScreen(): React.JSX.Element {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'history' ? 'history' : 'rules';
  const ruleId = Number(params.get('rule') ?? 0) || undefined;
  return (
    <div className="card rules-screen">
      <h2 className="card-title">自动规则</h2>
      <p className="rules-intro">按真实 ROI（联盟订单归因到计划）自动暂停、启用、调整预算或出价，或通知您；每次执行都有记录。</p>
      <Tabs<Tab>
        ariaLabel="规则与执行记录"
        tabs={TABS}
        value={tab}
        onChange={(t) => setParams(t === 'history' ? { tab: t } : {}, { replace: true })}
      />
      {tab === 'history' ? (
        <HistoryPanel ruleId={ruleId} />
      ) : (
        <RulesPanel onHistory={(id) => setParams({ tab: 'history', rule: String(id) }, { replace: true })} />
      )}
    </div>
  );
}
