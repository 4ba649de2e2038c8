import { Link } from 'react-router';
import { channelLabel } from '../../shared/catalog.ts';

interface Props {
  /** the `acpl` the URL gave */
  raw: string;
  /** the account types this screen shows, each offered as a link */
  offered: readonly number[];
  /** the screen's path, e.g. '/dashboard' */
  path: string;
}

/** A URL whose `?acpl=` names no account type: say so and offer the known ones, never show 巨量引擎 in its place. */
export function UnknownAccountType({ raw, offered, path }: Props): React.JSX.Element {
  return (
    <div className="not-open" role="alert">
      <i className="pi pi-exclamation-triangle" aria-hidden="true" />
      <div>
        <div className="not-open-title">未知的账户类型：{raw === '' ? '（空）' : raw}</div>
        <div>
          地址中的 acpl 不是本页面支持的账户类型，请选择：
          {offered.map((acpl) => (
            <Link key={acpl} className="unknown-acpl-link" to={`${path}?acpl=${acpl}`}>
              {channelLabel(acpl)}
            </Link>
          ))}
        </div>
      </div>
    </div>
  );
}
