import { cn } from '../../ui/cn';

// The theme has no warning token; orange as the rest of the console draws it, for light and dark.
// Class names are written out whole so Tailwind finds them.

/** The border of a card or row: red for unhealthy, orange for warning (spec 2 §4). */
export function statusBorderClass(status: string): string {
  if (status === 'unhealthy') return 'border-danger';
  if (status === 'warning') return 'border-[light-dark(#dc6803,#fdb022)]';
  return 'border-border';
}

const DOTS: Readonly<Record<string, string>> = {
  healthy: 'bg-success',
  unhealthy: 'bg-danger',
  warning: 'bg-[light-dark(#dc6803,#fdb022)]',
};

export function StatusDot({ status, className }: { status: string; className?: string }) {
  return <span aria-hidden="true" className={cn('inline-block size-2.5 shrink-0 rounded-full', DOTS[status] ?? 'bg-fg-muted', className)} />;
}

const TEXTS: Readonly<Record<string, string>> = {
  healthy: 'text-success',
  unhealthy: 'text-danger',
  warning: 'text-[light-dark(#dc6803,#fdb022)]',
};

export const statusTextClass = (status: string) => TEXTS[status] ?? 'text-fg-muted';
