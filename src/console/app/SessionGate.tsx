import { useEffect, useState } from 'react';
import { call, endsSession, failureText } from '../lib/api.ts';
import { getStoredUser, getToken, saveSession, toStoredUser } from '../lib/session.ts';
import { userInfoGet } from '../lib/user-endpoints.ts';
import { anonymousSession, type Session, SessionContext } from '../lib/useSession.ts';
import { Loading } from '../ui/Loading.tsx';
import { AppRouter } from './AppRouter.tsx';
import { decideGuard } from './guard.ts';

type State = { status: 'redirect' } | { status: 'loading' } | { status: 'error'; msg: string } | { status: 'ready'; session: Session };

/** Spec §4: decide the guard, then fetch user info once and add the role's routes. */
export function SessionGate(): React.JSX.Element {
  const [decision] = useState(() =>
    decideGuard({
      pathname: location.pathname,
      search: location.search,
      customerToken: getToken('customer'),
      adminToken: getToken('admin'),
      adminRole: getStoredUser('admin')?.userrole ?? null,
    }),
  );
  const [state, setState] = useState<State>(() =>
    decision.kind === 'redirect'
      ? { status: 'redirect' }
      : decision.kind === 'public'
        ? { status: 'ready', session: anonymousSession }
        : { status: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` changes to ask again after an error
  useEffect(() => {
    if (decision.kind === 'redirect') {
      location.replace(decision.to);
      return;
    }
    if (decision.kind !== 'session') return;
    const area = decision.area;
    let live = true;
    call(userInfoGet, {}, { silent: true })
      .then((info) => {
        const user = toStoredUser(info);
        saveSession(area, null, user);
        if (live) setState({ status: 'ready', session: { area, user, role: user.userrole, version: user.version } });
      })
      .catch((e: unknown) => {
        // Expiry and ban are shown by the notifier; anything else gets a retry screen.
        if (live && !endsSession(e)) setState({ status: 'error', msg: failureText(e) ?? '' });
      });
    return () => {
      live = false;
    };
  }, [decision, attempt]);

  if (state.status === 'ready')
    return (
      <SessionContext.Provider value={state.session}>
        <AppRouter session={state.session} />
      </SessionContext.Provider>
    );
  if (state.status === 'error')
    return (
      <div className="console-loading">
        <span>{state.msg || '网络请求发生错误'}</span>
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setState({ status: 'loading' });
            setAttempt((n) => n + 1);
          }}
        >
          重试
        </button>
      </div>
    );
  return <Loading />;
}
