import type { DialogSize } from '@pharos/core';
import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from './cn';
import { isOnToaster } from './toast/toaster-region';

export type { DialogSize } from '@pharos/core';

export interface DialogProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** An element that opens the dialog (rendered as is, e.g. a `<Button>`). */
  trigger?: ReactNode;
  title: ReactNode;
  /** A line under the title; also the dialog's accessible description. */
  description?: ReactNode;
  /** very-small, small, medium (default), large or full. */
  size?: DialogSize;
  /** Actions at the bottom, right-aligned (wrap a cancel button in `<DialogClose asChild>`). */
  footer?: ReactNode;
  /** Keep the dialog open on a click outside it (e.g. a form with unsaved input). */
  preventOutsideClose?: boolean;
  children?: ReactNode;
  className?: string;
}

/** Maximum width of each size; `full` covers the viewport less a margin. */
export const DIALOG_SIZE_CLASSES: Record<DialogSize, string> = {
  'very-small': 'w-[calc(100vw-2rem)] max-w-sm',
  small: 'w-[calc(100vw-2rem)] max-w-lg',
  medium: 'w-[calc(100vw-2rem)] max-w-3xl',
  large: 'w-[calc(100vw-2rem)] max-w-6xl',
  full: 'w-[calc(100vw-2rem)] h-[calc(100vh-2rem)]',
};

export const overlayClass = 'fixed inset-0 z-40 bg-black/40 dark:bg-black/60';

/** The close (X) button of a dialog or drawer header. */
export function CloseButton({ label = 'Close', disabled }: { label?: string; disabled?: boolean }) {
  return (
    <RadixDialog.Close
      aria-label={label}
      disabled={disabled}
      className="-m-1 shrink-0 cursor-pointer rounded-md p-1.5 text-fg-muted hover:bg-surface-muted hover:text-fg disabled:cursor-not-allowed disabled:opacity-50"
    >
      <X className="size-4" aria-hidden="true" />
    </RadixDialog.Close>
  );
}

/** Closes the surrounding dialog or drawer; use `asChild` around a button. */
export const DialogClose = RadixDialog.Close;

/** A modal dialog: title, close button, Esc and a click outside close it, focus stays inside. */
export function Dialog({
  open,
  defaultOpen,
  onOpenChange,
  trigger,
  title,
  description,
  size = 'medium',
  footer,
  preventOutsideClose = false,
  children,
  className,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlayClass} />
        <RadixDialog.Content
          data-size={size}
          // Without a description, say so explicitly rather than point at a missing element.
          {...(description ? {} : { 'aria-describedby': undefined })}
          onPointerDownOutside={(event) => (preventOutsideClose || isOnToaster(event)) && event.preventDefault()}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100vh-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col',
            'rounded-lg border border-border bg-surface text-fg shadow-xl focus:outline-none',
            DIALOG_SIZE_CLASSES[size],
            className,
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-border px-5 py-3.5">
            <div className="min-w-0 space-y-0.5">
              <RadixDialog.Title className="text-base font-semibold text-fg">{title}</RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="text-[0.8125rem] text-fg-muted">{description}</RadixDialog.Description>
              )}
            </div>
            <CloseButton />
          </div>
          <div className="min-h-0 flex-1 overflow-auto px-5 py-4">{children}</div>
          {footer && <div className="flex justify-end gap-2 border-t border-border px-5 py-3">{footer}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
