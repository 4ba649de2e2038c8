import { createHash } from 'node:crypto';

/** Deterministic pseudo-random numbers seeded by a string: the same id always yields the same synthetic data. */
export function seeded(seed: string): {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  token(len: number): string;
} {
  let state = createHash('sha256').update(seed).digest();
  let pos = 0;
  const byte = (): number => {
    if (pos >= state.length) {
      state = createHash('sha256').update(state).digest();
      pos = 0;
    }
    return state[pos++]!;
  };
  const next = (): number => ((byte() << 16) | (byte() << 8) | byte()) / 0x1000000;
  const ALPHA = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)]!,
    token: (len) => Array.from({ length: len }, () => ALPHA[Math.floor(next() * ALPHA.length)]).join(''),
  };
}
