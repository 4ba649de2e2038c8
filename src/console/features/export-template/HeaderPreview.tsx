/** The header row a file will have, as a one-row table (what Excel shows on top). */
export function HeaderPreview({ labels }: { labels: readonly string[] }): React.JSX.Element {
  if (labels.length === 0) return <span className="muted">尚未选择列</span>;
  return (
    <div className="header-preview">
      <table aria-label="表头预览">
        <thead>
          <tr>
            {labels.map((l, i) => (
              // a template may hold two columns of one label; the position tells them apart
              // biome-ignore lint/suspicious/noArrayIndexKey: the header row is rebuilt whole on every change
              <th key={i} scope="col">
                {l}
              </th>
            ))}
          </tr>
        </thead>
      </table>
    </div>
  );
}
