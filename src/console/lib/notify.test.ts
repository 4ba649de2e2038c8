import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Notice, notify, subscribe } from './notify.ts';

describe('notify', () => {
  afterEach(() => vi.useRealTimers());
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
  it('does not stack an identical toast while the first still shows (one toast for two failed reads)', () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T02:00:00Z') });
    const seen: Notice[] = [];
    const off = subscribe((n) => seen.push(n));
    notify.error('推广链接不存在或无权查看');
    notify.error('推广链接不存在或无权查看');
    notify.info('推广链接不存在或无权查看');
    notify.error('另一条错误');
    expect(seen.map((n) => (n.kind === 'toast' ? `${n.severity}:${n.summary}` : n.kind))).toEqual([
      'error:推广链接不存在或无权查看',
      'info:推广链接不存在或无权查看',
      'error:另一条错误',
    ]);
    vi.advanceTimersByTime(5000);
    notify.error('推广链接不存在或无权查看');
    expect(seen).toHaveLength(4);
    off();
  });
});
