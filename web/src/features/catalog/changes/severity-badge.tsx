import { insightSeverityColour } from '@pharos/core';
import { ColourBadge } from '../../../ui/colour-badge';

/** A severity in the colour spec 2 gives it (critical red, high orange, warning yellow, info gray, low/medium green). */
export function SeverityBadge({ severity }: { severity: string | null }) {
  if (!severity) return null;
  const colour = insightSeverityColour(severity);
  return <ColourBadge colour={colour}>{severity}</ColourBadge>;
}
