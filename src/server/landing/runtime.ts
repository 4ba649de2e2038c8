/**
 * What Astro's landing routes need from the server process. Astro's build bundles its own copy of the modules
 * it imports, so the live services cannot be shared by import: the process hands them to Astro with every
 * request as `Astro.locals.landing` (the `locals` argument of @astrojs/node's middleware handler, passed by
 * `http-server.ts`). The object belongs to the process's `Landing`; nothing is global.
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

export const RENDER_HEADER = 'x-landing-render';
export const isPageIdParam = (v: string | undefined): v is string => !!v && v.length <= 20 && /^\d+$/.test(v);
