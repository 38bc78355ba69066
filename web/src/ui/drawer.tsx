import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from './cn';
import { CloseButton, overlayClass } from './dialog';
import { isOnToaster } from './toast/toaster-region';

export type DrawerSize = 'small' | 'medium' | 'large' | 'full';
export type DrawerSide = 'right' | 'left';

export interface DrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Width: small 24rem, medium 40rem (default), large 60rem, full. */
  size?: DrawerSize;
  side?: DrawerSide;
  /** Content under the title, above the scrolling body (e.g. tabs or a summary). */
  header?: ReactNode;
  /** Sticky actions at the bottom. */
  footer?: ReactNode;
  /** With false, the page behind stays usable and is not dimmed. Default true. */
  modal?: boolean;
  children?: ReactNode;
  className?: string;
}

const SIZES: Record<DrawerSize, string> = {
  small: 'w-[min(24rem,100vw)]',
  medium: 'w-[min(40rem,100vw)]',
  large: 'w-[min(60rem,100vw)]',
  full: 'w-screen',
};

/** A side panel over the page (e.g. a detail opened by a URL parameter); Esc and its close button close it. */
export function Drawer({
  open,
  onOpenChange,
  title,
  description,
  size = 'medium',
  side = 'right',
  header,
  footer,
  modal = true,
  children,
  className,
}: DrawerProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange} modal={modal}>
      <RadixDialog.Portal>
        {modal && <RadixDialog.Overlay className={overlayClass} />}
        <RadixDialog.Content
          data-side={side}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onInteractOutside={(event) => (!modal || isOnToaster(event)) && event.preventDefault()}
          className={cn(
            'fixed inset-y-0 z-50 flex max-w-full flex-col bg-surface text-fg shadow-xl focus:outline-none',
            side === 'right' ? 'right-0 border-l border-border' : 'left-0 border-r border-border',
            SIZES[size],
            className,
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-border px-5 py-3.5">
            <div className="min-w-0 space-y-0.5">
              <RadixDialog.Title className="truncate text-base font-semibold text-fg">{title}</RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="text-[0.8125rem] text-fg-muted">{description}</RadixDialog.Description>
              )}
            </div>
            <CloseButton />
          </div>
          {header && <div className="border-b border-border px-5 py-3">{header}</div>}
          <div className="min-h-0 flex-1 overflow-auto px-5 py-4">{children}</div>
          {footer && <div className="flex flex-wrap justify-end gap-2 border-t border-border px-5 py-3">{footer}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
