import { Button } from 'primereact/button';
import { useEffect, useRef, useState } from 'react';
import type { AdAccountView } from '../../../shared/ad-auth.ts';
import { ApiError, endsSession } from '../../lib/api.ts';
import { accountTypeLabel, PLATFORM_KEY, RETURN_KEY } from './terms.ts';
import { finishAuth } from './useMandate.ts';
import './mandate.css';

type Outcome =
  | { kind: 'working' }
  | { kind: 'done'; platform: number; accounts: AdAccountView[] }
  | { kind: 'failed'; message: string }
  | { kind: 'away' };

/** What the platform sent back: its code parameter (auth_code, authorization_code or code), state, or a refusal. */
function callbackOf(search: URLSearchParams) {
  const platform = Number(sessionStorage.getItem(PLATFORM_KEY) ?? '') || undefined;
  const code = search.get('auth_code') ?? search.get('authorization_code') ?? search.get('code') ?? undefined;
  const error = search.get('error') ?? undefined;
  return { platform, state: search.get('state') ?? '', code, error, error_description: search.get('error_description') ?? undefined };
}

const returnPath = (): string => {
  const p = sessionStorage.getItem(RETURN_KEY) ?? '';
  return p.startsWith('/new/mandate') || p.startsWith('/mandate') ? p : '/new/mandate';
};
const back = (): void => location.assign(returnPath());

/** /auloading: finishes an authorisation — hands the platform's redirect to the server, says what happened, goes back to the list. */
export function AuLoadingScreen(): React.JSX.Element {
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const input = callbackOf(new URLSearchParams(location.search));
    if (!input.state) {
      setOutcome({ kind: 'failed', message: '授权回调缺少授权请求标识（state），请回到账户授权页重新发起授权' });
      return;
    }
    finishAuth(input).then(
      (r) => {
        sessionStorage.removeItem(PLATFORM_KEY);
        setOutcome({ kind: 'done', platform: r.platform, accounts: r.auth.accounts.filter((a) => a.active) });
      },
      (err: unknown) =>
        setOutcome(
          endsSession(err) ? { kind: 'away' } : { kind: 'failed', message: err instanceof ApiError ? err.message : '授权失败，请稍后再试' },
        ),
    );
  }, []);

  useEffect(() => {
    if (outcome.kind !== 'done') return;
    const timer = setTimeout(back, 5000);
    return () => clearTimeout(timer);
  }, [outcome]);

  return (
    <main className="auloading">
      <section className="auloading-card" aria-live="polite">
        {outcome.kind === 'working' || outcome.kind === 'away' ? (
          <>
            <i className="pi pi-spin pi-spinner auloading-icon" aria-hidden="true" />
            <h1>正在完成授权…</h1>
            <p>正在校验授权并获取广告账户，请稍候。</p>
          </>
        ) : outcome.kind === 'done' ? (
          <>
            <i className="pi pi-check-circle auloading-icon ok" aria-hidden="true" />
            <h1>授权成功</h1>
            <p>
              已添加 {outcome.accounts.length} 个{accountTypeLabel(outcome.platform)}广告账户，首次同步已开始。5 秒后返回授权列表。
            </p>
            <ul className="auloading-accounts">
              {outcome.accounts.map((a) => (
                <li key={a.id}>
                  {a.advertiser_name || '未命名账户'} <span className="muted">{a.advertiser_id}</span>
                </li>
              ))}
            </ul>
            <Button label="返回授权列表" onClick={back} />
          </>
        ) : (
          <>
            <i className="pi pi-times-circle auloading-icon fail" aria-hidden="true" />
            <h1>授权未完成</h1>
            <p role="alert">{outcome.message}</p>
            <Button label="返回授权列表" severity="secondary" onClick={back} />
          </>
        )}
      </section>
    </main>
  );
}
