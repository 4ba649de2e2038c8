import { lazy, Suspense, useState } from 'react';
import { ExportButton } from '../../ui/ExportButton.tsx';

const ExportDialog = lazy(() => import('./ExportDialog.tsx').then((m) => ({ default: m.ExportDialog })));

export interface ExportActionProps {
  /** The export kind (server registry, `exports/kinds/`), e.g. 'links'. */
  kind: string;
  /** The list's current filters exactly as its list endpoint takes them, without page and pagesize. */
  filters: Record<string, unknown>;
  disabled?: boolean;
}

/**
 * The 导出 button of a list screen (put it in ResourceTable's `exportSlot`): it opens the export dialog for
 * this kind with the list's current filters. CONTRIBUTING.md "Add an export kind" shows the wiring.
 */
export function ExportAction({ kind, filters, disabled }: ExportActionProps): React.JSX.Element {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ExportButton onExport={async () => setOpen(true)} disabled={disabled} />
      {open ? (
        <Suspense fallback={null}>
          <ExportDialog kind={kind} filters={filters} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
