import { cn } from '../../../ui/cn';

const TONES: Readonly<Record<string, string>> = {
  sent: 'bg-success-soft text-success border-success-border',
  failed: 'bg-danger-soft text-danger border-danger-border',
  pending: 'bg-surface-muted text-fg border-border',
  silenced: 'bg-info-soft text-info border-info-border',
  'repeat-interval': 'bg-surface-muted text-fg-muted border-border',
  held: 'bg-info-soft text-info border-info-border',
  grouped: 'bg-surface-muted text-fg-muted border-border',
};

/** The status of a send as a small badge. */
export function SendStatusBadge({ status }: { status: string | null | undefined }) {
  if (!status) return null;
  return (
    <span data-status={status} className={cn('inline-flex rounded border px-1.5 py-0.5 text-xs font-medium', TONES[status] ?? TONES['pending'])}>
      {status}
    </span>
  );
}
