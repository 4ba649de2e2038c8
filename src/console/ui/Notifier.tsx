import { lazy, Suspense, useEffect, useState } from 'react';
import { type Notice, subscribe } from '../lib/notify.ts';

const NotifierHost = lazy(() => import('./NotifierHost.tsx').then((m) => ({ default: m.NotifierHost })));

/** Collects notices from lib/notify.ts and hands them to the (lazily loaded) toast/dialog host. */
export function Notifier(): React.JSX.Element | null {
  const [queue, setQueue] = useState<readonly Notice[]>([]);
  useEffect(() => subscribe((n) => setQueue((q) => [...q, n])), []);
  if (queue.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <NotifierHost queue={queue} />
    </Suspense>
  );
}
