import { describe, expect, it } from 'vitest';
import { type Notice, notify, subscribe } from './notify.ts';

describe('notify', () => {
  it('shows only one expiry box at a time', () => {
    const seen: Notice[] = [];
    const off = subscribe((n) => seen.push(n));
    expect(notify.expired()).toBe(true);
    expect(notify.expired()).toBe(false);
    expect(notify.expired()).toBe(false);
    expect(seen.filter((n) => n.kind === 'expired')).toHaveLength(1);
    notify.expiredClosed();
    expect(notify.expired()).toBe(true);
    notify.expiredClosed();
    off();
  });
  it('error toasts last 5 seconds', () => {
    const seen: Notice[] = [];
    const off = subscribe((n) => seen.push(n));
    notify.error('接口请求失败');
    expect(seen[0]).toEqual({ kind: 'toast', severity: 'error', summary: '接口请求失败', life: 5000 });
    off();
  });
});
