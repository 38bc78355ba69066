import { insightSeverityColour, type Colour } from '@pharos/core';
import { cn } from '../../../ui/cn';

/** The palette of the colour names core gives severities, readable on both themes. */
const COLOUR_CLASSES: Record<Colour, string> = {
  red: 'text-[light-dark(#b42318,#f97066)] bg-[light-dark(#fef3f2,#2b1515)]',
  orange: 'text-[light-dark(#b54708,#fdb022)] bg-[light-dark(#fffaeb,#2b1f0e)]',
  yellow: 'text-[light-dark(#854d0e,#fde047)] bg-[light-dark(#fefce8,#2a2610)]',
  green: 'text-[light-dark(#067647,#47cd89)] bg-[light-dark(#ecfdf3,#0f2a1e)]',
  gray: 'text-fg-muted bg-surface-muted',
};

/** A severity in the colour spec 2 gives it (critical red, high orange, warning yellow, info gray, low/medium green). */
export function SeverityBadge({ severity }: { severity: string | null }) {
  if (!severity) return null;
  const colour = insightSeverityColour(severity);
  return (
    <span data-colour={colour} className={cn('inline-flex rounded px-1.5 py-0.5 text-xs font-semibold', COLOUR_CLASSES[colour])}>
      {severity}
    </span>
  );
}
