import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { ROLE } from '../../shared/roles.ts';
import { logout } from '../lib/auth.ts';
import { isHidden, showOnlyTo } from '../lib/hide.ts';
import { useShell } from '../lib/shell.ts';
import { useSession } from '../lib/useSession.ts';

/** User dropdown: 账户信息 / 修改密码 (hidden for admins) / 退出. */
export function UserMenu(): React.JSX.Element {
  const menu = useRef<Menu>(null);
  const navigate = useNavigate();
  const { user, role } = useSession();
  const { openDialog } = useShell();
  // spec §6: admins (1, 2, 5, 6) have no account info or password edit
  const customerOnly = isHidden(showOnlyTo(ROLE.customer, ROLE.agent), role);
  const items: MenuItem[] = [
    { label: '账户信息', icon: 'pi pi-user', visible: !customerOnly, command: () => navigate('/accountinfo') },
    { label: '修改密码', icon: 'pi pi-key', visible: !customerOnly, command: () => openDialog('password') },
    { label: '退出', icon: 'pi pi-sign-out', command: () => void logout() },
  ];
  return (
    <>
      <button type="button" className="header-user" onClick={(e) => menu.current?.toggle(e)} aria-haspopup="menu">
        <i className="pi pi-user" aria-hidden="true" />
        <span>{user?.username || user?.email}</span>
        <i className="pi pi-angle-down" aria-hidden="true" />
      </button>
      <Menu model={items} popup ref={menu} className="user-menu" popupAlignment="right" />
    </>
  );
}
