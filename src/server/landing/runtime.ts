/**
 * The bridge between the server process and Astro's landing routes. Astro's build bundles its own copy of
 * modules it imports, so the live services are published on globalThis under one symbol by the server
 * (src/server/landing/index.ts) and read here by the pages.
 */
import type { LandingLinkRow } from './model.ts';

export interface VisitInput {
  pageid: string;
  query: string;
  ip: string;
  ua: string;
  referer: string;
}

export interface LandingRuntime {
  /** A live link by pageid, or null (unknown or deleted). */
  find(pageid: string): Promise<LandingLinkRow | null>;
  /** Queue a visit into the event batch; resolves after its commit (false when refused or failed). */
  recordVisit(v: VisitInput): Promise<boolean>;
  /** Requests carrying this value in `x-landing-render` are the publisher rendering a page: no visit. */
  renderSecret: string;
  trustProxy: boolean;
}

const KEY = Symbol.for('toufang.landing.runtime');

export function setLandingRuntime(rt: LandingRuntime | null): void {
  (globalThis as Record<symbol, unknown>)[KEY] = rt;
}

export function landingRuntime(): LandingRuntime | null {
  return ((globalThis as Record<symbol, unknown>)[KEY] as LandingRuntime | undefined) ?? null;
}

export const RENDER_HEADER = 'x-landing-render';
export const isPageIdParam = (v: string | undefined): v is string => !!v && v.length <= 20 && /^\d+$/.test(v);
