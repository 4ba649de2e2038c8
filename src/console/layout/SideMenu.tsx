import { useState } from 'react';
import { Link } from 'react-router';
import { buildMenu, isActiveItem, type MenuItem } from './menu.ts';
import { useCurrentRoute } from './useCurrentRoute.ts';

/** Vertical sidebar (210 px; collapsible) or horizontal bar, both from the route table (spec §2). */
export function SideMenu({ mode, collapsed }: { mode: 'vertical' | 'horizontal'; collapsed: boolean }): React.JSX.Element {
  const { defs, activePath, search, acpl } = useCurrentRoute();
  const items = buildMenu(defs, acpl);
  const active = (i: MenuItem): boolean =>
    isActiveItem(i, activePath, search) || !!i.children?.some((c) => isActiveItem(c, activePath, search));
  return (
    <nav className={`side-menu side-menu-${mode} ${collapsed ? 'collapsed' : ''}`} aria-label="菜单">
      <ul>
        {items.map((i) =>
          i.children ? (
            <Group key={i.key} item={i} active={active(i)} isActive={active} horizontal={mode === 'horizontal'} />
          ) : (
            <Entry key={i.key} item={i} active={active(i)} />
          ),
        )}
      </ul>
    </nav>
  );
}

function Entry({ item, active }: { item: MenuItem; active: boolean }): React.JSX.Element {
  return (
    <li>
      <Link to={item.to ?? '/'} className={`menu-link ${active ? 'active' : ''}`} title={item.label}>
        {item.icon ? <i className={item.icon} aria-hidden="true" /> : <i className="menu-dot" aria-hidden="true" />}
        <span className="menu-label">{item.label}</span>
      </Link>
    </li>
  );
}

function Group(p: { item: MenuItem; active: boolean; isActive: (i: MenuItem) => boolean; horizontal: boolean }): React.JSX.Element {
  const [open, setOpen] = useState(true);
  const expanded = p.horizontal ? false : open;
  return (
    <li className={`menu-group ${p.active ? 'has-active' : ''} ${expanded ? 'open' : ''}`}>
      <button
        type="button"
        className="menu-link menu-group-title"
        onClick={() => setOpen(!open)}
        aria-expanded={expanded}
        title={p.item.label}
      >
        <i className={p.item.icon ?? 'pi pi-folder'} aria-hidden="true" />
        <span className="menu-label">{p.item.label}</span>
        <i className={`pi ${expanded ? 'pi-angle-up' : 'pi-angle-down'} menu-caret`} aria-hidden="true" />
      </button>
      <ul className="menu-children">
        {p.item.children?.map((c) => (
          <Entry key={c.key} item={c} active={p.isActive(c)} />
        ))}
      </ul>
    </li>
  );
}
