import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { type FormEvent, useState } from 'react';
import { jumptestRun } from '../../../shared/api/jumptest.ts';
import { ApiError, call } from '../../lib/api.ts';
import { formatNumber } from '../../lib/formats.ts';
import { useShake } from '../../ui/useShake.ts';
import { checkUrl, type Hop, type JumpTestResult, KIND_LABELS, KIND_SEVERITY, schemeOf, statusTone } from './jump-test.ts';
import './jump-test.css';

type HopRow = Hop & { n: number };

function HopTable({ rows }: { rows: HopRow[] }): React.JSX.Element {
  return (
    <DataTable value={rows} dataKey="n" size="small" className="jumptest-table">
      <Column header="序号" field="n" style={{ width: 64 }} />
      <Column header="URL" body={(h: HopRow) => <span className="jumptest-url">{h.url}</span>} />
      <Column
        header="状态码"
        body={(h: HopRow) => <span className={`status-${statusTone(h.status)}`}>{h.status || '--'}</span>}
        style={{ width: 90 }}
      />
      <Column header="跳转地址" body={(h: HopRow) => <span className="jumptest-url">{h.location || '--'}</span>} />
      <Column header="耗时 ms" body={(h: HopRow) => formatNumber(h.ms)} style={{ width: 90 }} />
    </DataTable>
  );
}

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
          {rows.length > 0 ? <HopTable rows={rows} /> : null}
        </>
      ) : null}
    </div>
  );
}
