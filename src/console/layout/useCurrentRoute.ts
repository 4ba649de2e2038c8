import { useMemo } from 'react';
import { useLocation, useMatches } from 'react-router';
import { parseAcpl, unknownAcpl } from '../lib/platforms.ts';
import { activeMenuFor, type RouteDef, useRoleRoutes } from '../lib/routes.ts';

const ACPL_KEY = 'console.acpl';

export interface CurrentRoute {
  defs: readonly RouteDef[];
  def: RouteDef | undefined;
  /** the menu path to highlight */
  activePath: string;
  search: URLSearchParams;
  /** current ad platform (account type): from the URL on /dashboard and /promotion, else the last one used */
  acpl: number;
}

export function useCurrentRoute(): CurrentRoute {
  const defs = useRoleRoutes();
  const matches = useMatches();
  const loc = useLocation();
  const def = useMemo(
    () =>
      [...matches]
        .reverse()
        .map((m) => defs.find((d) => d === m.handle))
        .find((d) => d !== undefined),
    [matches, defs],
  );
  const search = new URLSearchParams(loc.search);
  let acpl: number;
  if (search.has('acpl')) {
    acpl = parseAcpl(search.get('acpl'));
    // an unknown acpl (?acpl=99) is not remembered: the screen says it is unknown
    if (unknownAcpl(search.get('acpl')) === null) sessionStorage.setItem(ACPL_KEY, String(acpl));
  } else acpl = parseAcpl(sessionStorage.getItem(ACPL_KEY));
  return { defs, def, activePath: (def && activeMenuFor(def, search)) ?? def?.path ?? loc.pathname, search, acpl };
}
