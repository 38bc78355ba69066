import { healthColour } from '@pharos/core';
import { cn } from '../../../ui/cn';

const DOT = { red: 'bg-danger', green: 'bg-success', orange: 'bg-warning', yellow: 'bg-warning', gray: 'bg-fg-muted' } as const;

/** A run's or a check's health as a coloured dot (spec 1 §4 colours); gray before the first run. */
export function StatusDot({ healthy }: { healthy: boolean | null }) {
  const colour = healthy === null ? 'gray' : healthColour(healthy ? 'healthy' : 'unhealthy');
  return <span aria-hidden="true" className={cn('inline-block size-2.5 shrink-0 rounded-full', DOT[colour])} />;
}
