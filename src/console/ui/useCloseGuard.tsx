import { type ReactNode, useCallback } from 'react';
import { useConfirm } from './ConfirmDialog.tsx';

/**
 * A form dialog's close (Esc, ×) that keeps what was typed or picked: with unsaved changes it asks first, and
 * 继续编辑 (the default focus) returns to the form as it was. `const [guard, requestClose] = useCloseGuard(…)`:
 * pass `requestClose` as the dialog's `onHide` and render `guard` beside it. An explicit 取消 button may still close.
 */
export function useCloseGuard(changed: boolean, onClose: () => void, what = '修改'): [ReactNode, () => void] {
  const [dialog, confirm] = useConfirm();
  const requestClose = useCallback(() => {
    if (!changed) return onClose();
    confirm({
      title: `放弃未保存的${what}？`,
      message: `关闭后，这次的${what}不会保存。`,
      acceptLabel: '放弃并关闭',
      cancelLabel: '继续编辑',
      danger: true,
      onAccept: onClose,
    });
  }, [changed, onClose, confirm, what]);
  return [dialog, requestClose];
}
