import { CONNECTION_DOCUMENT_SCHEMA, type JsonSchema, type SpecSchemaName } from '@pharos/core';
import { parseBackendSpec } from '../logs/spec.js';
import { topologySpecProblems } from '../topology/engine/spec.js';
import { connectionRow, connectionSpecProblems } from './connection-spec.js';
import { playbookSpecProblems } from '../playbooks/spec.js';
import { incidentRuleSpecProblems } from '../incidents/rule-spec.js';
import { notificationSpecProblems } from './notification-spec.js';

/** A resource kind `pharos apply` accepts, as the Flanksource files in git spell it. */
export interface ApplyKind {
  kind: string;
  apiVersions: readonly string[];
  /** The JSON Schema of its `spec` in @pharos/core, when it has one. */
  schema?: SpecSchemaName;
  /** The JSON Schema of the spec as written, when it is checked before `storedSpec` reads it. */
  writtenSchema?: JsonSchema;
  /** Checks of the spec as written, before `storedSpec` reads it. */
  writtenCheck?: (spec: Record<string, unknown>) => { path: (string | number)[]; reason: string }[];
  /** What the schema checks and the table stores, when it is not the document's spec as written. */
  storedSpec?: (spec: Record<string, unknown>, name: string, namespace: string) => Record<string, unknown>;
  /** Checks of the spec besides its schema: each problem's path inside the spec and reason. */
  check?: (spec: Record<string, unknown>) => { path: (string | number)[]; reason: string }[];
}

function loggingBackendProblems(spec: Record<string, unknown>): { path: (string | number)[]; reason: string }[] {
  const parsed = parseBackendSpec(spec);
  return 'problems' in parsed ? parsed.problems : [];
}

/** Pharos's own kinds (no upstream group). */
export const PHAROS_API_VERSION = 'pharos.io/v1';

export const APPLY_KINDS: readonly ApplyKind[] = [
  { kind: 'Canary', apiVersions: ['canaries.flanksource.com/v1'], schema: 'canary' },
  { kind: 'Topology', apiVersions: ['canaries.flanksource.com/v1'], schema: 'topology', check: topologySpecProblems },
  { kind: 'ScrapeConfig', apiVersions: ['configs.flanksource.com/v1'], schema: 'scrape-config' },
  { kind: 'Playbook', apiVersions: ['mission-control.flanksource.com/v1'], schema: 'playbook-spec', check: playbookSpecProblems },
  { kind: 'Notification', apiVersions: ['mission-control.flanksource.com/v1'], schema: 'notification', check: notificationSpecProblems },
  { kind: 'Connection', apiVersions: ['mission-control.flanksource.com/v1'], schema: 'connection', writtenSchema: CONNECTION_DOCUMENT_SCHEMA, writtenCheck: connectionSpecProblems, storedSpec: connectionRow },
  { kind: 'IncidentRule', apiVersions: ['mission-control.flanksource.com/v1'], check: incidentRuleSpecProblems },
  { kind: 'LoggingBackend', apiVersions: [PHAROS_API_VERSION], check: loggingBackendProblems },
  { kind: 'Team', apiVersions: [PHAROS_API_VERSION] },
];

export function applyKind(kind: unknown): ApplyKind | undefined {
  return APPLY_KINDS.find((candidate) => candidate.kind === kind);
}

/** A kind as people type it on the command line: `Canary`, `canary` or `canaries`. */
export function applyKindNamed(name: string): ApplyKind | undefined {
  const wanted = name.toLowerCase();
  return APPLY_KINDS.find((candidate) => {
    const kind = candidate.kind.toLowerCase();
    return wanted === kind || wanted === `${kind}s` || (kind.endsWith('y') && wanted === `${kind.slice(0, -1)}ies`);
  });
}
