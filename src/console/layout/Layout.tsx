import { lazy, Suspense, useMemo, useState } from 'react';
import { Outlet } from 'react-router';
import { homePath } from '../lib/access.ts';
import { setupLocale } from '../lib/locale.ts';
import {
  type MenuMode,
  parseMenuMode,
  parseScreenMode,
  readSidebarOpen,
  type ScreenMode,
  usePersistentState,
  userPrefKey,
  writeSidebarOpen,
} from '../lib/prefs.ts';
import { ShellContext, type ShellDialog } from '../lib/shell.ts';
import { useSession } from '../lib/useSession.ts';
import { Loading } from '../ui/Loading.tsx';
import { Breadcrumb } from './Breadcrumb.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { SideMenu } from './SideMenu.tsx';

setupLocale();

const ChangePasswordDialog = lazy(() =>
  import('../features/account/ChangePasswordDialog.tsx').then((m) => ({ default: m.ChangePasswordDialog })),
);
const HourlyReportDialog = lazy(() =>
  import('../features/account/HourlyReportDialog.tsx').then((m) => ({ default: m.HourlyReportDialog })),
);

/** The shell around every signed-in screen (spec §2 Shell). */
export function Layout(): React.JSX.Element {
  const { role, version, user } = useSession();
  const r = role ?? 0;
  const uid = user?.userid ?? 0;
  const [menuMode, setMenuMode] = usePersistentState<MenuMode>(userPrefKey('menuMode', r, uid), 'vertical', parseMenuMode);
  const [screenMode, setScreenMode] = usePersistentState<ScreenMode>(userPrefKey('screenMode', r, uid), 1, parseScreenMode);
  const [sidebarOpen, setSidebarOpen] = useState(readSidebarOpen);
  const [dialog, setDialog] = useState<ShellDialog>(null);
  const api = useMemo(() => ({ openDialog: setDialog }), []);
  const toggleSidebar = (): void => {
    writeSidebarOpen(!sidebarOpen);
    setSidebarOpen(!sidebarOpen);
  };

  return (
    <ShellContext.Provider value={api}>
      <div className={`layout layout-${menuMode} screen-mode-${screenMode}`} data-role={role ?? ''}>
        <Header
          home={role ? homePath(role, version) : '/'}
          sidebarOpen={sidebarOpen}
          onToggleSidebar={toggleSidebar}
          menuMode={menuMode}
          onMenuMode={setMenuMode}
          screenMode={screenMode}
          onScreenMode={setScreenMode}
        />
        {menuMode === 'horizontal' ? <SideMenu mode="horizontal" collapsed={false} /> : null}
        <div className="layout-body">
          {menuMode === 'vertical' ? (
            <aside className={`layout-sidebar ${sidebarOpen ? '' : 'collapsed'}`}>
              <SideMenu mode="vertical" collapsed={!sidebarOpen} />
            </aside>
          ) : null}
          <main className="layout-main">
            <div className="layout-content">
              <Breadcrumb />
              <Suspense fallback={<Loading />}>
                <Outlet />
              </Suspense>
            </div>
            <Footer />
          </main>
        </div>
        <Suspense fallback={null}>
          {dialog === 'password' ? <ChangePasswordDialog onClose={() => setDialog(null)} /> : null}
          {dialog === 'hourly' ? <HourlyReportDialog onClose={() => setDialog(null)} /> : null}
        </Suspense>
      </div>
    </ShellContext.Provider>
  );
}
