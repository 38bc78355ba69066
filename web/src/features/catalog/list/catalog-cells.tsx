import { CATALOG_COUNT_HIGHLIGHT, costTrend, formatCost, formatCount } from '@pharos/core';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { cn } from '../../../ui/cn';

/** A count badge: 'Nk+' over 999, highlighted at 500 or more (spec 2 section 9). */
export function CountBadge({ count, label }: { count: number; label?: string }) {
  if (count <= 0) return null;
  const high = count >= CATALOG_COUNT_HIGHLIGHT;
  return (
    <span
      title={label ? `${count} ${label}` : String(count)}
      data-highlight={high || undefined}
      className={cn(
        'inline-flex min-w-6 items-center justify-center rounded-full px-1.5 text-xs font-medium',
        high ? 'bg-orange-100 text-orange-800 dark:bg-orange-900/40 dark:text-orange-200' : 'bg-surface-muted text-fg',
      )}
    >
      {formatCount(count)}
    </span>
  );
}

const HEALTH_CLASS: Record<string, string> = {
  healthy: 'text-green-700 dark:text-green-400',
  unhealthy: 'text-red-700 dark:text-red-400',
  warning: 'text-yellow-700 dark:text-yellow-400',
  unknown: 'text-fg-muted',
};

/** Counts per health, e.g. '2 healthy 1 unhealthy'. */
export function HealthCounts({ counts }: { counts: Readonly<Record<string, number>> }) {
  const entries = Object.entries(counts).filter(([, n]) => n > 0);
  if (entries.length === 0) return null;
  return (
    <span className="inline-flex flex-wrap gap-2">
      {['healthy', 'warning', 'unhealthy', 'unknown']
        .filter((h) => counts[h])
        .map((h) => (
          <span key={h} className={cn('text-xs font-medium', HEALTH_CLASS[h])}>
            {formatCount(counts[h]!)} {h}
          </span>
        ))}
    </span>
  );
}

export function HealthText({ health }: { health: string | null }) {
  if (!health) return null;
  return <span className={cn('text-sm capitalize', HEALTH_CLASS[health])}>{health}</span>;
}

/** A 30-day cost with its trend arrow when the last day differs from the daily average by over 10%. */
export function CostCell({ cost30d, cost1d }: { cost30d: number | null; cost1d: number | null }) {
  if (!cost30d) return null;
  const trend = costTrend(cost1d ?? 0, cost30d);
  return (
    <span className="inline-flex items-center gap-1 tabular-nums">
      {formatCost(cost30d)}
      {trend === 'up' && <ArrowUp aria-label="cost rising" className="size-3.5 text-red-600" />}
      {trend === 'down' && <ArrowDown aria-label="cost falling" className="size-3.5 text-green-600" />}
    </span>
  );
}

/** Open insights per type, as count badges. */
export function InsightCounts({ analysis }: { analysis: Readonly<Record<string, number>> }) {
  const entries = Object.entries(analysis).filter(([, n]) => n > 0);
  if (entries.length === 0) return null;
  return (
    <span className="inline-flex flex-wrap gap-1">
      {entries.map(([type, n]) => (
        <span key={type} className="inline-flex items-center gap-1 text-xs">
          {type.replaceAll('_', ' ')} <CountBadge count={n} label={`${type} insights`} />
        </span>
      ))}
    </span>
  );
}
