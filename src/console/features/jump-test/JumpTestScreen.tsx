import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { type FormEvent, useState } from 'react';
import { jumptestRun } from '../../../shared/api/jumptest.ts';
import { ApiError, call } from '../../lib/api.ts';
import { formatNumber } from '../../lib/formats.ts';
import { ResourceTable, type TableColumn } from '../../ui/ResourceTable.tsx';
import { useShake } from '../../ui/useShake.ts';
import { checkUrl, type Hop, type JumpTestResult, KIND_LABELS, KIND_SEVERITY, schemeOf, statusTone } from './jump-test.ts';
import './jump-test.css';

type HopRow = Hop & { n: number };

const hopColumns: TableColumn<HopRow>[] = [
  { key: 'n', header: '序号', width: 64, value: (h) => h.n },
  { key: 'url', header: 'URL', cell: (h) => <span className="jumptest-url">{h.url}</span> },
  { key: 'status', header: '状态码', width: 90, cell: (h) => <span className={`status-${statusTone(h.status)}`}>{h.status || '--'}</span> },
  { key: 'location', header: '跳转地址', cell: (h) => <span className="jumptest-url">{h.location || '--'}</span> },
  { key: 'ms', header: '耗时 ms', width: 90, value: (h) => formatNumber(h.ms) },
];

/** 链接跳转测试 (admins): follow a link hop by hop and show where it ends (a page, an app scheme, or a refusal). */
export function JumpTestScreen(): React.JSX.Element {
  const [url, setUrl] = useState('');
  const [result, setResult] = useState<JumpTestResult | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [shakeClass, shake] = useShake();

  const run = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const checked = checkUrl(url);
    setResult(null);
    if ('error' in checked) {
      setError(checked.error);
      return shake();
    }
    setError('');
    setBusy(true);
    try {
      setResult(await call(jumptestRun, { url: checked.url }, { silent: true }));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : '检测失败，请稍后再试');
    } finally {
      setBusy(false);
    }
  };

  const scheme = result ? schemeOf(result) : '';
  const rows: HopRow[] = (result?.hops ?? []).map((h, i) => ({ ...h, n: i + 1 }));
  return (
    <div className="card jumptest">
      <h2 className="card-title">链接跳转测试</h2>
      <form className={`jumptest-form ${shakeClass}`} onSubmit={(e) => void run(e)} noValidate>
        <InputText
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="请输入要检测的链接，例如 https://s.click.taobao.com/…"
          aria-label="检测链接"
          invalid={!!error && !result}
        />
        <Button type="submit" label="开始检测" icon="pi pi-play" loading={busy} />
      </form>
      {error ? (
        <div className="jumptest-error" role="alert">
          <i className="pi pi-times-circle" /> {error}
        </div>
      ) : null}
      {result ? (
        <>
          <div className={`jumptest-final kind-${result.final_kind}`}>
            <span className="jumptest-final-label">最终落地</span>
            <Tag value={KIND_LABELS[result.final_kind]} severity={KIND_SEVERITY[result.final_kind]} />
            {scheme ? <span className="jumptest-scheme">{scheme}://</span> : null}
            <span className="jumptest-final-url">{result.final || '--'}</span>
          </div>
          {result.error ? (
            <div className="jumptest-error" role="alert">
              <i className="pi pi-exclamation-triangle" /> {result.error}
            </div>
          ) : null}
          {rows.length > 0 ? (
            <ResourceTable<HopRow> className="jumptest-table" ariaLabel="跳转过程" rows={rows} rowKey={(h) => h.n} columns={hopColumns} />
          ) : null}
        </>
      ) : null}
    </div>
  );
}
