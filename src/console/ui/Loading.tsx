/** Full-area spinner while a screen or the session loads (no PrimeReact import: keeps the first load small). */
export function Loading({ text = '加载中…' }: { text?: string }): React.JSX.Element {
  return (
    <div className="console-loading" role="status" aria-live="polite">
      <span className="console-spinner" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
