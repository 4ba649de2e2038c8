import { Button } from 'primereact/button';
import { useState } from 'react';

export interface ExportButtonProps {
  /** produce and hand over the file; the button spins until the promise settles */
  onExport: () => Promise<unknown>;
  label?: string;
  disabled?: boolean;
}

/** The export action of a list (the ResourceTable's `exportSlot`): one click, one file, no double clicks. */
export function ExportButton({ onExport, label = '导出', disabled = false }: ExportButtonProps): React.JSX.Element {
  const [busy, setBusy] = useState(false);
  const run = async (): Promise<void> => {
    setBusy(true);
    try {
      await onExport();
    } catch {
      // the api client has already shown the failure
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      type="button"
      label={label}
      icon="pi pi-download"
      severity="secondary"
      outlined
      loading={busy}
      disabled={disabled}
      onClick={() => void run()}
    />
  );
}
