import { useMemo } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, Navigate, type RouteObject, RouterProvider } from 'react-router';
import { type Area, homePath } from '../lib/access.ts';
import { RoleRoutesContext, type RouteDef, routesFor, type Screen } from '../lib/routes.ts';
import { clearSession, getToken } from '../lib/session.ts';
import type { Session } from '../lib/useSession.ts';
import { ErrorScreen } from '../ui/ErrorScreen.tsx';
import { Loading } from '../ui/Loading.tsx';
import { navigationGuard } from './guard.ts';
import { RedirectHelper } from './RedirectHelper.tsx';
import { Root } from './Root.tsx';
import { publicRoutes, roleRoutes, type ScreenId } from './route-table.ts';
import { screens } from './screens.ts';
import { Unmatched } from './Unmatched.tsx';

const layout = async () => ({ Component: (await import('../layout/Layout.tsx')).Layout });
const titled = (title: string) => ({ meta: { title } });

function screenRoute(screen: Screen): Pick<RouteObject, 'Component' | 'lazy'> {
  if ('Component' in screen) return { Component: screen.Component };
  const load = screen.load;
  return { lazy: async () => ({ Component: await load() }) };
}

function toRouteObject(d: RouteDef<ScreenId>): RouteObject {
  if ('redirectTo' in d) return { path: d.path, element: <Navigate to={d.redirectTo} replace />, handle: d };
  return { path: d.path, ...screenRoute(screens[d.screen]), handle: d };
}

/** Every navigation to a signed-in screen checks the area's token first (a full load of the login page when it is gone). */
const requireToken =
  (area: Area) =>
  ({ request }: LoaderFunctionArgs): Promise<null> | null => {
    const url = new URL(request.url);
    const to = navigationGuard(area, getToken(area), url.pathname, url.search);
    if (!to) return null;
    clearSession(area);
    location.replace(to);
    return new Promise<null>(() => undefined); // the page is going away
  };

/** Public routes always; the role's routes once the session (first user-info fetch) is known. */
export function buildRouteObjects(s: Session, defs: readonly RouteDef<ScreenId>[]): RouteObject[] {
  const home = s.role ? homePath(s.role, s.version) : '/login';
  const children: RouteObject[] = [
    ...publicRoutes.map(toRouteObject),
    { path: '/404', element: <ErrorScreen code={404} />, handle: titled('404') },
    { path: '/401', element: <ErrorScreen code={401} />, handle: titled('401') },
    { path: '/redirect', element: <Navigate to="/" replace /> },
    { path: '/redirect/*', element: <RedirectHelper /> },
  ];
  if (s.role && s.area) {
    const loader = requireToken(s.area);
    children.push({
      lazy: layout,
      children: [{ path: '/', element: <Navigate to={home} replace /> }, ...defs.map((d) => ({ ...toRouteObject(d), loader }))],
    });
  }
  children.push({ path: '*', element: <Unmatched role={s.role} home={home} /> });
  return [{ element: <Root />, hydrateFallbackElement: <Loading />, children }];
}

export function AppRouter({ session }: { session: Session }): React.JSX.Element {
  const defs = useMemo(() => (session.role ? routesFor(roleRoutes, session.role, session.version) : []), [session]);
  const router = useMemo(() => createBrowserRouter(buildRouteObjects(session, defs)), [session, defs]);
  return (
    <RoleRoutesContext.Provider value={defs}>
      <RouterProvider router={router} />
    </RoleRoutesContext.Provider>
  );
}
