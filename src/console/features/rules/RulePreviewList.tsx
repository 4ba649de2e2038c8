import { valuesText } from '../../../shared/rule-text.ts';
import type { RulePreview } from '../../../shared/rules.ts';

const VERDICT = { act: '将执行', skip: '命中但跳过', none: '未命中', wait: '等待数据' } as const;

/** The live dry run: which plans the rule would act on now, with the values that matched, or why not. */
export function RulePreviewList({
  preview,
  error,
  loading,
}: {
  preview?: RulePreview;
  error: string;
  loading: boolean;
}): React.JSX.Element {
  return (
    <aside className="rule-preview" aria-label="试运行结果">
      <h3>试运行（按当前数据，不执行）</h3>
      {error ? <p className="rule-error">{error}</p> : null}
      {!error && loading ? <p>计算中…</p> : null}
      {preview && !error ? (
        <>
          <p>{`${preview.window}：评估 ${preview.evaluated} 个计划，命中 ${preview.matched} 个，将执行 ${preview.acting} 个`}</p>
          {preview.waiting ? <p className="verdict-wait">{preview.waiting}</p> : null}
          <ul>
            {preview.list.slice(0, 50).map((v) => (
              <li key={v.id}>
                <div>
                  <span className={`verdict-${v.verdict}`}>{VERDICT[v.verdict]}</span> {v.name}
                  {v.before || v.after ? `（${v.before} → ${v.after}）` : ''}
                </div>
                <small>{valuesText(v.values)}</small>
                {v.verdict === 'act' || v.verdict === 'none' ? null : (
                  <div>
                    <small>{v.reason}</small>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </aside>
  );
}
