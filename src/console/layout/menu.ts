import { biddingLabels, biddingOffers } from '../lib/platforms.ts';
import type { RouteDef } from '../lib/routes.ts';

export interface MenuItem {
  key: string;
  label: string;
  icon?: string;
  /** link target (path + query) */
  to?: string;
  children?: MenuItem[];
}

/** Sidebar / horizontal menu derived from the role's route table; `acpl` expands the platform entries. */
export function buildMenu(defs: readonly RouteDef[], acpl: number): MenuItem[] {
  const out: MenuItem[] = [];
  for (const d of defs) {
    if (d.meta.hidden) continue;
    const m = d.meta;
    if (m.platformMenu === 'overview') {
      out.push({ key: d.path, label: m.title, icon: m.icon, to: `${d.path}?acpl=${acpl}` });
    } else if (m.platformMenu === 'bidding') {
      out.push({
        key: d.path,
        label: m.title,
        icon: m.icon,
        children: biddingOffers(acpl).map((pl) => ({
          key: `${d.path}?pl=${pl}`,
          label: biddingLabels[pl] ?? String(pl),
          to: `${d.path}?acpl=${acpl}&pl=${pl}`,
        })),
      });
    } else if (m.group) {
      let group = out.find((g) => g.key === 'group:' + m.group);
      if (!group) {
        group = { key: 'group:' + m.group, label: m.group, icon: m.groupIcon, children: [] };
        out.push(group);
      }
      group.children?.push({ key: d.path, label: m.title, to: d.path });
    } else {
      out.push({ key: d.path, label: m.title, icon: m.icon, to: d.path });
    }
  }
  return out;
}

/** Is this menu item the active one for the current location (activeMenu taken into account)? */
export function isActiveItem(item: MenuItem, activePath: string, search: URLSearchParams): boolean {
  if (!item.to) return false;
  const [path, query] = item.to.split('?');
  if (path !== activePath) return false;
  const pl = new URLSearchParams(query ?? '').get('pl');
  return pl === null || (search.get('pl') ?? '2') === pl;
}
