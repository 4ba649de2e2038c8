/** Placeholder for a screen whose feature is not built yet: a plain notice, never fake data. */
export function NotOpen({ title }: { title?: string }): React.JSX.Element {
  return (
    <div className="not-open" role="status">
      <i className="pi pi-info-circle" aria-hidden="true" />
      <div>
        {title ? <div className="not-open-title">{title}</div> : null}
        <div>此功能尚未开放</div>
      </div>
    </div>
  );
}
