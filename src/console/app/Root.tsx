import { useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';

export const PRODUCT_TITLE = '投放管理平台';
const SCROLL_MS = 800;

/** Smoothly scroll to the top over 800 ms (spec §9). */
function scrollToTop(): void {
  const start = window.scrollY;
  if (start <= 0) return;
  const t0 = performance.now();
  const step = (t: number): void => {
    const k = Math.min(1, (t - t0) / SCROLL_MS);
    const ease = k < 0.5 ? 2 * k * k : 1 - (-2 * k + 2) ** 2 / 2;
    window.scrollTo(0, start * (1 - ease));
    if (k < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/** Route handles carry `meta.title` (route descriptors and the error pages). */
function titleOf(handle: unknown): string | undefined {
  if (typeof handle !== 'object' || handle === null || !('meta' in handle)) return undefined;
  const meta: unknown = handle.meta;
  return typeof meta === 'object' && meta !== null && 'title' in meta && typeof meta.title === 'string' ? meta.title : undefined;
}

/** Root of every console route: document title "X - 投放管理平台" and scroll-to-top on route change. */
export function Root(): React.JSX.Element {
  const { pathname } = useLocation();
  const matches = useMatches();
  const title = [...matches]
    .reverse()
    .map((m) => titleOf(m.handle))
    .find(Boolean);

  useEffect(() => {
    document.title = title ? `${title} - ${PRODUCT_TITLE}` : PRODUCT_TITLE;
  }, [title]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to the top whenever the path changes
  useEffect(() => scrollToTop(), [pathname]);

  return <Outlet />;
}
