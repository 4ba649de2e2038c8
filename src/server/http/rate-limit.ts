import { Code } from '../../shared/codes.ts';
import { AppError } from '../kernel/errors.ts';

interface Window {
  count: number;
  resetAt: number;
}

/**
 * Fixed-window counters in memory, per key (e.g. `login:ip:1.2.3.4`, `login:email:a@b`).
 * Per process: with several app nodes each enforces its own window (documented in the README).
 */
export class RateLimiter {
  private windows = new Map<string, Window>();
  private readonly now: () => number;
  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  /** Count one hit; throw 4029 when the key has used up `limit` hits within `windowMs`. */
  hit(key: string, limit: number, windowMs: number, msg?: string): void {
    this.count(key, windowMs);
    const w = this.windows.get(key)!;
    if (w.count > limit) this.refuse(w, msg);
  }

  /** Throw 4029 when `key` already used up `limit` hits in its window, without counting this call. */
  check(key: string, limit: number, msg?: string): void {
    const t = this.now();
    const w = this.windows.get(key);
    if (w && w.resetAt > t && w.count >= limit) this.refuse(w, msg);
  }

  private refuse(w: Window, msg?: string): never {
    const seconds = Math.ceil((w.resetAt - this.now()) / 1000);
    throw new AppError(Code.rateLimited, msg ?? `操作过于频繁，请 ${seconds} 秒后再试`, { retry_after: seconds });
  }

  /** Count a hit without throwing (e.g. a failed login, counted after the fact). */
  count(key: string, windowMs: number): void {
    const t = this.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= t) {
      w = { count: 0, resetAt: t + windowMs };
      this.windows.set(key, w);
    }
    w.count += 1;
    if (this.windows.size > 50_000) this.sweep(t);
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(t: number): void {
    for (const [k, w] of this.windows) if (w.resetAt <= t) this.windows.delete(k);
  }
}
