import { cn } from '../../../ui/cn';

const TONES: Record<string, string> = {
  healthy: 'bg-success',
  unhealthy: 'bg-danger',
  warning: 'bg-amber-500',
};

/** A dot in the colour of a health (healthy, unhealthy, warning; gray otherwise) with its text. */
export function HealthBadge({ health }: { health: string | null }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span aria-hidden="true" className={cn('size-2 rounded-full', TONES[health ?? ''] ?? 'bg-fg-muted')} />
      {health ?? 'unknown'}
    </span>
  );
}
