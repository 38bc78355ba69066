import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from './button';
import { cn } from './cn';
import { toast } from './toast/toast-store';

export const COPY_MESSAGES = {
  copied: 'Copied to clipboard',
  unavailable: 'Clipboard not available',
  failed: 'Failed to copy to clipboard',
} as const;

/** How long the check mark shows after a copy. */
const COPIED_MS = 2000;

export interface CopyButtonProps {
  /** The text to copy, or a function giving it at click time. */
  text: string | (() => string);
  /** Accessible name (and tooltip). Default 'Copy to clipboard'. */
  label?: string;
  /** Visible text next to the icon; without it the button is icon-only. */
  children?: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** Copies text to the clipboard and says so in a toast (or why it could not). */
export function CopyButton({ text, label = 'Copy to clipboard', children, variant = 'ghost', size = 'sm', className }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const copy = async () => {
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
    if (!clipboard || typeof clipboard.writeText !== 'function') {
      toast.error(COPY_MESSAGES.unavailable);
      return;
    }
    try {
      await clipboard.writeText(typeof text === 'function' ? text() : text);
    } catch {
      toast.error(COPY_MESSAGES.failed);
      return;
    }
    toast.success(COPY_MESSAGES.copied);
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };

  const Icon = copied ? Check : Copy;
  return (
    <Button
      variant={variant}
      size={size}
      aria-label={children ? undefined : label}
      title={label}
      className={cn(!children && 'px-2', className)}
      onClick={() => void copy()}
    >
      <Icon className={cn('size-4', copied && 'text-success')} aria-hidden="true" />
      {children}
    </Button>
  );
}
