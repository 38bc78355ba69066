import type { EvidenceType } from '@pharos/core';

/** The evidence types the wizard offers, in its order, with the name a person reads. */
export const EVIDENCE_KINDS: readonly { type: EvidenceType; label: string; hint: string }[] = [
  { type: 'check', label: 'Health check', hint: 'A check and its current status' },
  { type: 'config', label: 'Config', hint: 'An item of the configuration catalog' },
  { type: 'config_change', label: 'Config change', hint: 'A change of a config' },
  { type: 'config_analysis', label: 'Insight', hint: 'A finding of an analyzer on a config' },
  { type: 'topology', label: 'Component', hint: 'A component of the topology' },
  { type: 'log', label: 'Log', hint: 'Lines of a component’s or a backend’s logs' },
  { type: 'comment', label: 'Comment', hint: 'A note, e.g. a manual definition of done' },
];

export const kindLabel = (type: EvidenceType): string => EVIDENCE_KINDS.find((k) => k.type === type)?.label ?? type;

/** Types whose search picks rows of the data service (the others are log lines and a comment). */
export type ResourceEvidenceType = 'check' | 'config' | 'config_change' | 'config_analysis' | 'topology';

export const isResourceType = (type: EvidenceType): type is ResourceEvidenceType =>
  type === 'check' || type === 'config' || type === 'config_change' || type === 'config_analysis' || type === 'topology';
