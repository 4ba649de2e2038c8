import { useMemo } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router';
import { ErrorScreen } from '../ui/ErrorScreen.tsx';
import { Loading } from '../ui/Loading.tsx';
import { RedirectHelper } from './RedirectHelper.tsx';
import { Root } from './Root.tsx';
import { homePath, routesFor } from './routeFilter.ts';
import { adminLoginScreen, auLoadingScreen, loginScreen, roleRoutes } from './routes.ts';
import type { ScreenLoader } from './routeTypes.ts';
import type { Session } from './SessionContext.tsx';
import { Unmatched } from './Unmatched.tsx';

const lazyScreen = (load: ScreenLoader) => async () => ({ Component: await load() });
const layout = async () => ({ Component: (await import('../layout/Layout.tsx')).Layout });
const titled = (title: string) => ({ meta: { title } });

/** Public routes always; the role's routes once the session (first user-info fetch) is known. */
export function buildRouteObjects(s: Session): RouteObject[] {
  const defs = s.role ? routesFor(roleRoutes, s.role, s.version) : [];
  const home = s.role ? homePath(s.role, s.version) : '/login';
  const children: RouteObject[] = [
    { path: '/login', lazy: lazyScreen(loginScreen), handle: titled('用户登录') },
    { path: '/admin-login', lazy: lazyScreen(adminLoginScreen), handle: titled('管理员登录') },
    { path: '/auloading', lazy: lazyScreen(auLoadingScreen), handle: titled('授权处理中') },
    { path: '/404', element: <ErrorScreen code={404} />, handle: titled('404') },
    { path: '/401', element: <ErrorScreen code={401} />, handle: titled('401') },
    { path: '/redirect', element: <Navigate to="/" replace /> },
    { path: '/redirect/*', element: <RedirectHelper /> },
  ];
  if (s.role) {
    children.push({
      lazy: layout,
      children: [
        { path: '/', element: <Navigate to={home} replace /> },
        ...defs.map((d): RouteObject => ({ path: d.path, lazy: lazyScreen(d.screen), handle: d })),
      ],
    });
  }
  children.push({ path: '*', element: <Unmatched role={s.role} home={home} /> });
  return [{ element: <Root />, hydrateFallbackElement: <Loading />, children }];
}

export function AppRouter({ session }: { session: Session }): React.JSX.Element {
  const router = useMemo(() => createBrowserRouter(buildRouteObjects(session)), [session]);
  return <RouterProvider router={router} />;
}
