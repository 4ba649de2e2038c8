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

/** severity + text → until when (ms) the toast showing it stays on screen. */
const showing = new Map<string, number>();

/**
 * One toast for one message: the same text with the same severity while an identical toast is still on screen is not
 * stacked (two reads of one screen failing with the same error, e.g. an unknown link's orders and postback setting).
 */
function toast(severity: 'success' | 'info' | 'warn' | 'error', summary: string, life: number): void {
  const key = `${severity}\u0000${summary}`;
  const now = Date.now();
  if ((showing.get(key) ?? 0) > now) return;
  for (const [k, until] of showing) if (until <= now) showing.delete(k);
  showing.set(key, now + life);
  emit({ kind: 'toast', severity, summary, life });
}

export const notify = {
  success: (summary: string, life = 3000): void => toast('success', summary, life),
  info: (summary: string, life = 3000): void => toast('info', summary, life),
  /** Spec §8: error toasts stay 5 seconds. */
  error: (summary: string, life = 5000): void => toast('error', summary, life),
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
