import { INCIDENT_DETAILS_DEFAULT_SEVERITY } from '@pharos/core';
import type { StoredSeverity } from './types';

/** Every severity the create dialog offers (spec 2 §4: the dropdown also lists info and warning). */
export const SEVERITY_CHOICES: readonly StoredSeverity[] = ['info', 'warning', 'low', 'medium', 'high', 'blocker', 'critical'];

/** Severities as incident views show them: Medium and Low are one entry (spec 2 §4). */
export const VIEW_SEVERITIES = [
  { value: 'low', label: 'Low', stored: ['low', 'medium'] },
  { value: 'high', label: 'High', stored: ['high'] },
  { value: 'blocker', label: 'Blocker', stored: ['blocker'] },
  { value: 'critical', label: 'Critical', stored: ['critical'] },
] as const;

const LABELS: Record<StoredSeverity, string> = {
  info: 'Info',
  warning: 'Warning',
  low: 'Low',
  medium: 'Low',
  high: 'High',
  blocker: 'Blocker',
  critical: 'Critical',
};

/** The Details panel's choices: the dropdown's, info and warning included, with Medium and Low one entry. */
export const DETAIL_SEVERITIES: readonly { value: StoredSeverity; label: string }[] = SEVERITY_CHOICES.filter((s) => s !== 'medium').map((s) => ({
  value: s,
  label: LABELS[s],
}));

/** The label of a stored severity on views (medium reads Low); the details panel shows High when none is set. */
export function severityLabel(severity: StoredSeverity | null | undefined): string {
  return LABELS[severity ?? (INCIDENT_DETAILS_DEFAULT_SEVERITY as StoredSeverity)];
}

/** The view entry a severity reads as (`medium` is Low), or the severity itself when no entry covers it. */
export function viewSeverity(value: string): string {
  return VIEW_SEVERITIES.find((s) => (s.stored as readonly string[]).includes(value))?.value ?? value;
}

/** The stored severities a filter value covers; an incoming `severity=medium` covers Low's too. */
export function storedSeverities(value: string): readonly string[] {
  return VIEW_SEVERITIES.find((s) => s.value === viewSeverity(value))?.stored ?? [value];
}

export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
