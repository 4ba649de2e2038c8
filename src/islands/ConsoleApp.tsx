import 'primeicons/primeicons.css';
import '../console/console.css';
import { PrimeReactProvider } from 'primereact/api';
import { SWRConfig } from 'swr';
import { setupLocale } from '../console/app/locale.ts';
import { SessionGate } from '../console/app/SessionGate.tsx';
import { Notifier } from '../console/ui/Notifier.tsx';

setupLocale();

/** The one console island: providers, notifier, session gate and router. */
export function ConsoleApp(): React.JSX.Element {
  return (
    <PrimeReactProvider value={{ ripple: false, locale: 'zh-CN' }}>
      <SWRConfig value={{ revalidateOnFocus: false, shouldRetryOnError: false, dedupingInterval: 2000 }}>
        <Notifier />
        <SessionGate />
      </SWRConfig>
    </PrimeReactProvider>
  );
}
