import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { type ReactNode, useCallback, useState } from 'react';

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  /** default '确定' */
  acceptLabel?: string;
  /** default '取消' */
  cancelLabel?: string;
  /** red accept button (deleting) */
  danger?: boolean;
  /** may return a promise: the button spins until it settles, and the box closes either way */
  onAccept: () => unknown;
}

interface Props extends ConfirmOptions {
  onClose: () => void;
}

/** A yes/no box; the default focus is on 取消 so Enter never deletes by accident. */
export function ConfirmDialog({
  title,
  message,
  acceptLabel = '确定',
  cancelLabel = '取消',
  danger = false,
  onAccept,
  onClose,
}: Props): React.JSX.Element {
  const [busy, setBusy] = useState(false);
  const accept = async (): Promise<void> => {
    setBusy(true);
    try {
      await onAccept();
    } catch {
      // the caller (or the api client's toast) has already said what went wrong
    } finally {
      setBusy(false);
      onClose();
    }
  };
  const footer = (
    <>
      <Button label={cancelLabel} severity="secondary" outlined onClick={onClose} autoFocus disabled={busy} />
      <Button label={acceptLabel} severity={danger ? 'danger' : undefined} loading={busy} onClick={() => void accept()} />
    </>
  );
  return (
    <Dialog header={title} visible onHide={onClose} footer={footer} style={{ width: 440 }} className="confirm-dialog">
      <div className="confirm-body">
        <i className={`pi pi-exclamation-triangle ${danger ? 'confirm-danger' : ''}`} aria-hidden="true" />
        <div>{message}</div>
      </div>
    </Dialog>
  );
}

/** `const [dialog, confirm] = useConfirm()`: call `confirm({...})`, render `dialog` once in the screen. */
export function useConfirm(): [ReactNode, (o: ConfirmOptions) => void] {
  const [open, setOpen] = useState<ConfirmOptions | null>(null);
  const ask = useCallback((o: ConfirmOptions) => setOpen(o), []);
  const dialog = open ? <ConfirmDialog {...open} onClose={() => setOpen(null)} /> : null;
  return [dialog, ask];
}
