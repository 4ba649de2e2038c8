import { Link } from 'react-router';
import { useSession } from '../../lib/useSession.ts';
import { EMPTY_WORDS } from './terms.ts';

interface Props {
  /** authorised accounts in scope; 0 → ask to authorise one */
  accounts: number;
  /** the account type's name, e.g. 巨量引擎 */
  typeLabel: string;
}

/** What an empty board tells a person to do: authorise an account, or wait for / check delivery. */
export function BoardEmpty({ accounts, typeLabel }: Props): React.JSX.Element {
  // the authorisation screen: /new/mandate in the new version, /mandate in the standard one (spec §2)
  const { version } = useSession();
  return (
    <div className="board-empty" role="status">
      <i className={`pi ${accounts === 0 ? 'pi-link' : 'pi-clock'}`} aria-hidden="true" />
      <div className="board-empty-text">{accounts === 0 ? EMPTY_WORDS.noAccount(typeLabel) : EMPTY_WORDS.quiet}</div>
      {accounts === 0 ? (
        <Link to={version === 'ver1' ? '/mandate' : '/new/mandate'} className="board-empty-action">
          <i className="pi pi-arrow-right" aria-hidden="true" /> {EMPTY_WORDS.authorise}
        </Link>
      ) : null}
    </div>
  );
}
