import { Link } from 'react-router';
import { breadcrumbFor } from '../lib/routes.ts';
import { useCurrentRoute } from './useCurrentRoute.ts';

/** Breadcrumb of the matched titled routes (spec §2). */
export function Breadcrumb(): React.JSX.Element | null {
  const { defs, def } = useCurrentRoute();
  if (!def) return null;
  const crumbs = breadcrumbFor(defs, def);
  return (
    <nav className="breadcrumb" aria-label="面包屑">
      {crumbs.map((c, i) => (
        <span key={`${c.path ?? ''}|${c.title}`} className="breadcrumb-item">
          {i > 0 ? <i className="pi pi-angle-right breadcrumb-sep" aria-hidden="true" /> : null}
          {c.path && i < crumbs.length - 1 ? <Link to={c.path}>{c.title}</Link> : <span>{c.title}</span>}
        </span>
      ))}
    </nav>
  );
}
