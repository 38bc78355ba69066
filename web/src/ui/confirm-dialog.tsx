import { AlertDialog } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { Button } from './button';
import { overlayClass } from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  message: ReactNode;
  /**
   * Runs on confirm. A returned promise keeps the dialog busy until it settles and closes it on
   * success; otherwise the caller closes it (e.g. when its mutation succeeds, with `busy` meanwhile).
   */
  onConfirm: () => void | Promise<unknown>;
  confirmLabel?: string;
  cancelLabel?: string;
  /** danger for destructive actions (a red confirm button). */
  variant?: 'primary' | 'danger';
  /** Busy from outside (e.g. a mutation's pending state): disables both buttons and Esc. */
  busy?: boolean;
}

/**
 * Asks before an action. Confirm and Cancel; while busy the confirm button spins and the dialog
 * cannot be dismissed. A failed confirmation leaves it open (the caller shows the error).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  onConfirm,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  variant = 'primary',
  busy = false,
}: ConfirmDialogProps) {
  const [running, setRunning] = useState(false);
  const isBusy = busy || running;

  const confirm = async () => {
    const result = onConfirm();
    if (!(result instanceof Promise)) return;
    setRunning(true);
    try {
      await result;
      onOpenChange(false);
    } catch {
      // The caller reports the failure; the dialog stays so the user can retry or cancel.
    } finally {
      setRunning(false);
    }
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (!isBusy || next) && onOpenChange(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClass} />
        <AlertDialog.Content
          aria-busy={isBusy || undefined}
          onEscapeKeyDown={(event) => isBusy && event.preventDefault()}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg border border-border bg-surface p-5 text-fg shadow-xl focus:outline-none"
        >
          <AlertDialog.Title className="text-base font-semibold text-fg">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2 text-sm text-fg-muted">{message}</div>
          </AlertDialog.Description>
          <div className="mt-5 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={isBusy}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            <Button variant={variant} loading={isBusy} disabled={isBusy} onClick={() => void confirm()}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
