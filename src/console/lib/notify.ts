/**
 * A tiny event bus between non-React code (the api client) and the React hosts that draw
 * toasts and dialogs (ui/Notifier.tsx). Keeps lib/ free of React.
 */
export type Notice =
  | { kind: 'toast'; severity: 'success' | 'info' | 'warn' | 'error'; summary: string; life: number }
  | { kind: 'alert'; message: string }
  | { kind: 'expired' };

type Listener = (n: Notice) => void;
const listeners = new Set<Listener>();
let expiredOpen = false;

export function subscribe(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

function emit(n: Notice): void {
  for (const l of listeners) l(n);
}

export const notify = {
  success: (summary: string, life = 3000): void => emit({ kind: 'toast', severity: 'success', summary, life }),
  info: (summary: string, life = 3000): void => emit({ kind: 'toast', severity: 'info', summary, life }),
  /** Spec §8: error toasts stay 5 seconds. */
  error: (summary: string, life = 5000): void => emit({ kind: 'toast', severity: 'error', summary, life }),
  alert: (message: string): void => emit({ kind: 'alert', message }),
  /** Spec §8: only one '登录信息已过期' box at a time; returns false when one is already open. */
  expired: (): boolean => {
    if (expiredOpen) return false;
    expiredOpen = true;
    emit({ kind: 'expired' });
    return true;
  },
  expiredClosed: (): void => {
    expiredOpen = false;
  },
};
