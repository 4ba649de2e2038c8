/** A list cut into consecutive pieces of at most `size` items (bound-value limits, batch calls), in order. */
export function chunks<T>(list: readonly T[], size: number): T[][] {
  if (!(size >= 1)) throw new RangeError(`chunk size ${size}`);
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}
