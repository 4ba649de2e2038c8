import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Role } from '../../shared/roles.ts';
import { isUdsmart } from '../lib/access.ts';
import { normalizePath } from '../lib/routes.ts';
import { isConsolePath } from './route-table.ts';

/**
 * No route of this role matched. UDSmart users reaching the admin entry /sxA (where admin login
 * sends them) go to their home; other console paths belong to another role (→ /401);
 * anything else → /404 with a full page load.
 */
export function Unmatched({ role, home }: { role: Role | null; home: string }): null {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (isUdsmart(role) && normalizePath(pathname) === '/sxA') navigate(home, { replace: true });
    else location.replace(role !== null && isConsolePath(pathname) ? '/401' : '/404');
  }, [role, home, pathname, navigate]);
  return null;
}
