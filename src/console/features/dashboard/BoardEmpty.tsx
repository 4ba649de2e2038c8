import { Link } from 'react-router';
import { EMPTY_WORDS } from './terms.ts';

interface Props {
  /** authorised accounts in scope; 0 → ask to authorise one */
  accounts: number;
  /** the account type's name, e.g. 巨量引擎 */
  typeLabel: string;
}

/** What an empty board tells a person to do: authorise an account, or wait for / check delivery. */
export function BoardEmpty({ accounts, typeLabel }: Props): React.JSX.Element {
  return (
    <div className="board-empty" role="status">
      <i className={`pi ${accounts === 0 ? 'pi-link' : 'pi-clock'}`} aria-hidden="true" />
      <div className="board-empty-text">{accounts === 0 ? EMPTY_WORDS.noAccount(typeLabel) : EMPTY_WORDS.quiet}</div>
      {accounts === 0 ? (
        <Link to="/new/mandate" className="p-button p-button-sm">
          {EMPTY_WORDS.authorise}
        </Link>
      ) : null}
    </div>
  );
}
