/**
 * The benchmark dataset's shape: the volumes (10 M monitor events, 1 M orders, 100 000 plans × 90 days of
 * hourly facts) times SCALE (BENCH_SCALE, default 0.1 on this 2-core shared machine), with the per-customer shape
 * fixed — 100 plans per customer — so a customer's queries read what they would read at full scale; only the
 * all-customers (admin) reads grow with the total.
 */
import { mulberry32 } from '../../src/shared/mulberry32.ts';

export interface Shape {
  scale: number;
  days: number;
  plansPerCustomer: number;
  customers: number;
  /** The agent's sub-customers (the agent's board reads all of them). */
  subCustomers: number;
  linksPerCustomer: number;
  itemsPerCustomer: number;
  /** Hours of a day a plan delivers (8:00–23:59). */
  activeHours: readonly number[];
  events: number;
  orders: number;
}

export function shapeOf(scale: number): Shape {
  const plans = Math.round(100_000 * scale);
  return {
    scale,
    days: 90,
    plansPerCustomer: 100,
    customers: Math.max(2, Math.round(plans / 100)),
    subCustomers: Math.min(20, Math.max(1, Math.round(plans / 100) - 1)),
    linksPerCustomer: 20,
    itemsPerCustomer: 10,
    activeHours: Array.from({ length: 16 }, (_, i) => 8 + i),
    events: Math.round(10_000_000 * scale),
    orders: Math.round(1_000_000 * scale),
  };
}

/** A deterministic generator (LCG): the same dataset on every engine and every run. */
export function seeded(seed: number): (max: number) => number {
  let s = seed;
  return (max) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s % max;
  };
}

/**
 * A deterministic generator with well-mixed low bits (mulberry32). `seeded`'s LCG keeps its low bits in short
 * cycles, so draws taken modulo a small number repeat a pattern: used for the monitor events it sent them to 144 of
 * the 1 000 links at scale 0.05 and made every fifth ping a click instead of every twentieth.
 */
export function mixed(seed: number): (max: number) => number {
  const next = mulberry32(seed);
  return (max) => Math.floor(next() * max);
}
