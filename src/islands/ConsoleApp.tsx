import 'primeicons/primeicons.css';
import '../console/console.css';
import '../console/ui/kit.css';
import { SWRConfig } from 'swr';
import { SessionGate } from '../console/app/SessionGate.tsx';
import { Notifier } from '../console/ui/Notifier.tsx';

/**
 * The one console island: SWR, notifier, session gate and router. PrimeReact components and the
 * zh-CN locale load with the layout / dialogs (app/locale.ts), keeping the login screen small.
 */
export function ConsoleApp(): React.JSX.Element {
  return (
    <SWRConfig value={{ revalidateOnFocus: false, shouldRetryOnError: false, dedupingInterval: 2000 }}>
      <Notifier />
      <SessionGate />
    </SWRConfig>
  );
}
