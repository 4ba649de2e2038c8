/**
 * A seeded pseudo-random generator (mulberry32, public domain): the same sequence of numbers in [0, 1) for the same
 * seed, with well-mixed low bits. For synthetic data (the sandboxes, the benches) and generated test cases: never for
 * anything secret.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
