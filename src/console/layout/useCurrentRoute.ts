import { useMemo } from 'react';
import { useLocation, useMatches } from 'react-router';
import { roleRoutes } from '../app/routes.ts';
import { routesFor } from '../app/routeFilter.ts';
import type { RouteDef } from '../app/routeTypes.ts';
import { useSession } from '../app/SessionContext.tsx';
import { parseAcpl } from '../lib/platforms.ts';

const ACPL_KEY = 'console.acpl';

export interface CurrentRoute {
  defs: RouteDef[];
  def: RouteDef | undefined;
  /** the menu path to highlight */
  activePath: string;
  search: URLSearchParams;
  /** current ad platform (account type): from the URL on /dashboard and /promotion, else the last one used */
  acpl: number;
}

export function useCurrentRoute(): CurrentRoute {
  const { role, version } = useSession();
  const matches = useMatches();
  const loc = useLocation();
  const defs = useMemo(() => (role ? routesFor(roleRoutes, role, version) : []), [role, version]);
  const def = matches.map((m) => m.handle as RouteDef | undefined).reverse().find((h) => h && 'path' in h);
  const search = new URLSearchParams(loc.search);
  let acpl: number;
  if (search.has('acpl')) {
    acpl = parseAcpl(search.get('acpl'));
    sessionStorage.setItem(ACPL_KEY, String(acpl));
  } else acpl = parseAcpl(sessionStorage.getItem(ACPL_KEY));
  return { defs, def, activePath: def?.meta.activeMenu ?? def?.path ?? loc.pathname, search, acpl };
}
