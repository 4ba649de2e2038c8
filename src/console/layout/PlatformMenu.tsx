import { Link } from 'react-router';
import { accountTypes, biddingLabels, biddingOffers } from '../lib/platforms.ts';
import { useCurrentRoute } from './useCurrentRoute.ts';

/** Header platform menu for roles 3 and 4: hover a platform for 概览 and the 竞价推广 channel buttons. */
export function PlatformMenu(): React.JSX.Element {
  const { acpl, def } = useCurrentRoute();
  const onPlatformPage = def?.meta.platformMenu !== undefined;
  return (
    <nav className="platform-menu" aria-label="平台">
      {accountTypes.map((a) => (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the platform's hover menu opens on keyboard focus too (focus-within)
        <div key={a.acpl} className={`platform-item ${onPlatformPage && a.acpl === acpl ? 'active' : ''}`} tabIndex={0}>
          <span className="platform-name">{a.label}</span>
          <div className="platform-pop" role="menu">
            <Link className="platform-btn overview" to={`/dashboard?acpl=${a.acpl}`} role="menuitem">
              <i className="pi pi-chart-bar" aria-hidden="true" /> 概览
            </Link>
            <div className="platform-group-title">竞价推广</div>
            <div className="platform-group">
              {biddingOffers(a.acpl).map((pl) => (
                <Link key={pl} className="platform-btn" to={`/promotion?acpl=${a.acpl}&pl=${pl}`} role="menuitem">
                  {biddingLabels[pl]}
                </Link>
              ))}
            </div>
          </div>
        </div>
      ))}
    </nav>
  );
}
