import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ROLE } from '../../shared/roles.ts';
import { switchVersion } from '../lib/auth.ts';
import { useBranding } from '../lib/branding.ts';
import { hideFrom, showOnlyTo } from '../lib/hide.ts';
import { applyTheme, type MenuMode, readTheme, type ScreenMode, type Theme } from '../lib/prefs.ts';
import { useShell } from '../lib/shell.ts';
import { useSession } from '../lib/useSession.ts';
import { RoleGate } from '../ui/RoleGate.tsx';
import { PlatformMenu } from './PlatformMenu.tsx';
import { UserMenu } from './UserMenu.tsx';

interface HeaderProps {
  home: string;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  menuMode: MenuMode;
  onMenuMode: (m: MenuMode) => void;
  screenMode: ScreenMode;
  onScreenMode: (m: ScreenMode) => void;
}

/** Platform menu and 时报设置 are for advertisers and agents (spec §2); 切换版本 for advertisers only. */
const CUSTOMERS_ONLY = showOnlyTo(ROLE.customer, ROLE.agent);

export function Header(p: HeaderProps): React.JSX.Element {
  const brand = useBranding();
  const { version } = useSession();
  const { openDialog } = useShell();
  const [theme, setTheme] = useState<Theme>(readTheme);
  const [full, setFull] = useState(false);

  useEffect(() => {
    const onChange = (): void => setFull(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggleTheme = (): void => {
    const t: Theme = theme === 2 ? 1 : 2;
    applyTheme(t);
    setTheme(t);
  };
  const toggleFull = (): void => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen().catch(() => undefined);
  };

  return (
    <header className="layout-header">
      {p.menuMode === 'vertical' ? (
        <button
          type="button"
          className="header-icon"
          onClick={p.onToggleSidebar}
          title={p.sidebarOpen ? '收起菜单' : '展开菜单'}
          aria-label="切换侧边栏"
        >
          <i className={`pi ${p.sidebarOpen ? 'pi-align-left' : 'pi-bars'}`} />
        </button>
      ) : null}
      <Link to={p.home} className="header-logo">
        <img src={brand.logo} alt="" width={30} height={30} />
        <span>{brand.product}</span>
      </Link>
      <RoleGate hide={CUSTOMERS_ONLY}>
        <PlatformMenu />
      </RoleGate>
      <div className="header-right">
        <RoleGate hide={CUSTOMERS_ONLY}>
          <button type="button" className="header-cmd" onClick={() => openDialog('hourly')}>
            <i className="pi pi-envelope" aria-hidden="true" /> 时报设置
          </button>
        </RoleGate>
        <RoleGate hide={showOnlyTo(ROLE.customer)}>
          <button type="button" className="header-cmd" onClick={() => void switchVersion(version === 'ver1' ? 'ver2' : 'ver1')}>
            <i className="pi pi-sync" aria-hidden="true" /> {version === 'ver1' ? '切换新版' : '切换旧版'}
          </button>
        </RoleGate>
        <button
          type="button"
          className="header-icon"
          onClick={() => p.onMenuMode(p.menuMode === 'vertical' ? 'horizontal' : 'vertical')}
          title={p.menuMode === 'vertical' ? '横向菜单' : '纵向菜单'}
          aria-label="切换菜单布局"
        >
          <i className={`pi ${p.menuMode === 'vertical' ? 'pi-objects-column' : 'pi-list'}`} />
        </button>
        <button
          type="button"
          className="header-icon"
          onClick={() => p.onScreenMode(p.screenMode === 1 ? 2 : 1)}
          title={p.screenMode === 1 ? '通栏模式' : '标准模式'}
          aria-label="切换屏幕模式"
          data-screen-mode={p.screenMode}
        >
          <i className={`pi ${p.screenMode === 1 ? 'pi-arrows-h' : 'pi-stop'}`} />
        </button>
        <button
          type="button"
          className="header-icon"
          onClick={toggleTheme}
          title={theme === 2 ? '浅色主题' : '深色主题'}
          aria-label="切换主题"
          data-theme-value={theme}
        >
          <i className={`pi ${theme === 2 ? 'pi-sun' : 'pi-moon'}`} />
        </button>
        <button type="button" className="header-icon" onClick={toggleFull} title={full ? '退出全屏' : '全屏'} aria-label="全屏">
          <i className={`pi ${full ? 'pi-window-minimize' : 'pi-window-maximize'}`} />
        </button>
        <UserMenu />
      </div>
    </header>
  );
}
