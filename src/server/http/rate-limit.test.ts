import { expect, it } from 'vitest';
import { AppError } from '../kernel/errors.ts';
import { RateLimiter } from './rate-limit.ts';

it('allows `limit` hits per window, then answers 4029 until the window resets', () => {
  let now = 0;
  const rl = new RateLimiter(() => now);
  for (let i = 0; i < 3; i++) rl.hit('k', 3, 1000);
  expect(() => rl.hit('k', 3, 1000)).toThrow(AppError);
  try {
    rl.hit('k', 3, 1000);
  } catch (e) {
    expect((e as AppError).code).toBe(4029);
    expect((e as AppError).message).toBe('操作过于频繁，请 1 秒后再试');
  }
  rl.hit('other', 3, 1000);
  now = 1000;
  expect(() => rl.hit('k', 3, 1000)).not.toThrow();
});

it('check() refuses once the count reached the limit, count() counts without throwing', () => {
  const now = 0;
  const rl = new RateLimiter(() => now);
  rl.check('f', 2);
  rl.count('f', 1000);
  rl.count('f', 1000);
  expect(() => rl.check('f', 2)).toThrow('操作过于频繁');
  rl.reset('f');
  expect(() => rl.check('f', 2)).not.toThrow();
});
