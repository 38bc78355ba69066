import { isRecord, parseSchedule, type ComponentProperty } from '@pharos/core';
import { CANARY_SPEC_CHECK_KEYS, HEALTH_CHECK_TYPES } from '@pharos/core';
import { TEMPLATE_FIELDS, type TemplateSpec } from './template.js';

export type { TemplateSpec } from './template.js';

/**
 * A Topology spec (canaries.flanksource.com/v1) as the engine reads it. Fields the engine does not use
 * are kept in the stored spec and ignored here.
 */

/** A lookup: a canary spec whose checks run without being saved; their results become values or components. */
export type LookupSpec = Record<string, unknown>;


export interface PropertySpec extends ComponentProperty {
  lookup?: LookupSpec;
  configLookup?: { id?: string; config?: Record<string, unknown>; field?: string; display?: TemplateSpec };
}

/** `checks` entry: checks picked by a selector, or an inline canary spec whose checks are made for the component. */
export interface ComponentCheckSpec {
  selector?: Record<string, unknown>;
  inline?: Record<string, unknown>;
}

export interface ForEachSpec {
  components?: ComponentSpec[];
  properties?: PropertySpec[];
  configs?: Record<string, unknown>[];
  selectors?: Record<string, unknown>[];
  checks?: ComponentCheckSpec[];
}

export interface ComponentSpec {
  name?: string;
  namespace?: string;
  type?: string;
  icon?: string;
  text?: string;
  tooltip?: string;
  owner?: string;
  lifecycle?: string;
  externalID?: string;
  id?: TemplateSpec;
  hidden?: boolean;
  labels?: Record<string, string>;
  properties?: PropertySpec[];
  lookup?: LookupSpec;
  components?: ComponentSpec[];
  selectors?: Record<string, unknown>[];
  checks?: ComponentCheckSpec[];
  configs?: Record<string, unknown>[];
  forEach?: ForEachSpec;
  logs?: Record<string, unknown>[];
  statusExpr?: string;
  healthExpr?: string;
  health?: string;
}

export interface TopologySpec {
  schedule?: string;
  type?: string;
  icon?: string;
  text?: string;
  label?: string;
  tooltip?: string;
  owner?: string;
  id?: TemplateSpec;
  components?: ComponentSpec[];
  properties?: PropertySpec[];
  configs?: Record<string, unknown>[];
  statusExpr?: string;
  healthExpr?: string;
}

/** How often a topology without a schedule runs (canary-checker's DefaultTopologySchedule). */
export const DEFAULT_TOPOLOGY_SCHEDULE = '@every 10m';

export interface SpecProblem {
  /** Inside the spec: ['components', 0, 'lookup', 'sqlx']. */
  path: (string | number)[];
  reason: string;
}

/** A spec the engine cannot run, with the first problem's place and reason. */
export class TopologySpecError extends Error {
  constructor(readonly problems: SpecProblem[]) {
    super(problems.map((problem) => `/spec/${problem.path.join('/')}: ${problem.reason}`).join('; '));
    this.name = 'TopologySpecError';
  }
}

const HEALTH_VALUES = ['healthy', 'unhealthy', 'warning', 'unknown'];

type Path = (string | number)[];

class Problems {
  readonly list: SpecProblem[] = [];

  add(path: Path, reason: string): void {
    this.list.push({ path, reason });
  }

  /** An optional field of the given JSON type; answers whether it is there and right. */
  typed(value: unknown, path: Path, type: 'string' | 'boolean' | 'number' | 'mapping' | 'list'): boolean {
    if (value === undefined || value === null) return false;
    const ok =
      type === 'mapping' ? isRecord(value) : type === 'list' ? Array.isArray(value) : type === 'number' ? typeof value === 'number' && Number.isFinite(value) : typeof value === type;
    if (!ok) this.add(path, `must be a ${type === 'mapping' ? 'mapping' : type === 'list' ? 'list' : type}`);
    return ok;
  }

  /** A list of mappings, each handed to `each`. */
  mappings(value: unknown, path: Path, each?: (entry: Record<string, unknown>, at: Path) => void): void {
    if (!this.typed(value, path, 'list')) return;
    (value as unknown[]).forEach((entry, index) => {
      if (!isRecord(entry)) this.add([...path, index], 'must be a mapping');
      else each?.(entry, [...path, index]);
    });
  }
}

/** Check types canary-checker knows: a lookup may name any (those that do not run here say so when the topology runs). */
const LOOKUP_TYPES: ReadonlySet<string> = new Set([...HEALTH_CHECK_TYPES, ...CANARY_SPEC_CHECK_KEYS, 'alertManager', 'mongo']);

function checkLookup(problems: Problems, lookup: unknown, path: Path): void {
  if (!problems.typed(lookup, path, 'mapping')) return;
  // Lists are checks; other keys are settings of the canary spec (schedule, kubeconfig, …).
  const entries = Object.entries(lookup as Record<string, unknown>).filter(([, value]) => Array.isArray(value));
  if (entries.length === 0) problems.add(path, 'a lookup needs at least one check, e.g. sql, http or exec');
  for (const [type, checks] of entries) {
    if (!LOOKUP_TYPES.has(type)) {
      problems.add([...path, type], `unknown lookup type ${type}: one of ${[...LOOKUP_TYPES].sort().join(', ')}`);
      continue;
    }
    problems.mappings(checks, [...path, type]);
  }
}

function checkTemplate(problems: Problems, value: unknown, path: Path): void {
  if (value === undefined || typeof value === 'string') return;
  if (!isRecord(value)) return problems.add(path, `must be a mapping with one of ${TEMPLATE_FIELDS.join(', ')}`);
  if (TEMPLATE_FIELDS.every((field) => value[field] === undefined)) problems.add(path, `needs one of ${TEMPLATE_FIELDS.join(', ')}`);
  for (const field of TEMPLATE_FIELDS) problems.typed(value[field], [...path, field], 'string');
}

function checkProperty(problems: Problems, property: Record<string, unknown>, path: Path): void {
  for (const field of ['name', 'label', 'type', 'text', 'unit', 'icon', 'color', 'tooltip']) problems.typed(property[field], [...path, field], 'string');
  for (const field of ['value', 'max', 'min', 'order']) problems.typed(property[field], [...path, field], 'number');
  problems.typed(property['headline'], [...path, 'headline'], 'boolean');
  problems.mappings(property['links'], [...path, 'links']);
  if (property['lookup'] !== undefined) checkLookup(problems, property['lookup'], [...path, 'lookup']);
  const configLookup = property['configLookup'];
  if (problems.typed(configLookup, [...path, 'configLookup'], 'mapping')) {
    const spec = configLookup as Record<string, unknown>;
    if (!isRecord(spec['config'])) problems.add([...path, 'configLookup', 'config'], 'config is required: the catalog item to read');
    if (spec['display'] === undefined) problems.add([...path, 'configLookup', 'display'], 'display is required: what to show of the catalog item');
    else checkTemplate(problems, spec['display'], [...path, 'configLookup', 'display']);
  }
}

function checkChecks(problems: Problems, value: unknown, path: Path): void {
  problems.mappings(value, path, (entry, at) => {
    if (entry['inline'] === undefined && entry['selector'] === undefined) problems.add(at, 'a checks entry needs an inline canary spec or a selector');
    problems.typed(entry['selector'], [...at, 'selector'], 'mapping');
    if (problems.typed(entry['inline'], [...at, 'inline'], 'mapping')) checkLookup(problems, entry['inline'], [...at, 'inline']);
  });
}

function checkComponent(problems: Problems, component: Record<string, unknown>, path: Path): void {
  const hasLookup = component['lookup'] !== undefined;
  if (!hasLookup && (typeof component['name'] !== 'string' || component['name'].trim() === '')) problems.add([...path, 'name'], 'name is required');
  for (const field of ['name', 'type', 'icon', 'text', 'tooltip', 'owner', 'lifecycle', 'externalID', 'statusExpr', 'healthExpr', 'namespace']) {
    problems.typed(component[field], [...path, field], 'string');
  }
  problems.typed(component['hidden'], [...path, 'hidden'], 'boolean');
  if (problems.typed(component['labels'], [...path, 'labels'], 'mapping')) {
    for (const [key, value] of Object.entries(component['labels'] as Record<string, unknown>)) {
      if (typeof value !== 'string') problems.add([...path, 'labels', key], 'must be a string');
    }
  }
  if (component['health'] !== undefined && !HEALTH_VALUES.includes(String(component['health']))) {
    problems.add([...path, 'health'], `must be one of ${HEALTH_VALUES.join(', ')}`);
  }
  checkTemplate(problems, component['id'], [...path, 'id']);
  problems.mappings(component['properties'], [...path, 'properties'], (entry, at) => checkProperty(problems, entry, at));
  if (hasLookup) checkLookup(problems, component['lookup'], [...path, 'lookup']);
  problems.mappings(component['components'], [...path, 'components'], (entry, at) => checkComponent(problems, entry, at));
  problems.mappings(component['selectors'], [...path, 'selectors']);
  problems.mappings(component['configs'], [...path, 'configs']);
  problems.mappings(component['logs'], [...path, 'logs']);
  checkChecks(problems, component['checks'], [...path, 'checks']);
  const forEach = component['forEach'];
  if (forEach !== undefined) {
    if (!hasLookup) problems.add([...path, 'forEach'], 'forEach applies to the components a lookup returns: add a lookup');
    if (problems.typed(forEach, [...path, 'forEach'], 'mapping')) {
      const each = forEach as Record<string, unknown>;
      problems.mappings(each['components'], [...path, 'forEach', 'components'], (entry, at) => checkComponent(problems, entry, at));
      problems.mappings(each['properties'], [...path, 'forEach', 'properties'], (entry, at) => checkProperty(problems, entry, at));
      problems.mappings(each['configs'], [...path, 'forEach', 'configs']);
      problems.mappings(each['selectors'], [...path, 'forEach', 'selectors']);
      checkChecks(problems, each['checks'], [...path, 'forEach', 'checks']);
    }
  }
}

/** What is wrong with a Topology spec, each with its place (inside the spec) and reason; none when it can run. */
export function topologySpecProblems(spec: unknown): SpecProblem[] {
  const problems = new Problems();
  if (!isRecord(spec)) {
    problems.add([], 'spec must be a mapping');
    return problems.list;
  }
  if (problems.typed(spec['schedule'], ['schedule'], 'string') && (spec['schedule'] as string).trim() !== '') {
    try {
      parseSchedule((spec['schedule'] as string).trim());
    } catch (error) {
      problems.add(['schedule'], (error as Error).message);
    }
  }
  for (const field of ['type', 'icon', 'text', 'label', 'tooltip', 'owner', 'statusExpr', 'healthExpr']) problems.typed(spec[field], [field], 'string');
  checkTemplate(problems, spec['id'], ['id']);
  problems.mappings(spec['components'], ['components'], (entry, at) => checkComponent(problems, entry, at));
  problems.mappings(spec['properties'], ['properties'], (entry, at) => checkProperty(problems, entry, at));
  problems.mappings(spec['configs'], ['configs']);
  return problems.list;
}

/** The spec, typed, or a TopologySpecError with every problem. */
export function parseTopologySpec(spec: unknown): TopologySpec {
  const problems = topologySpecProblems(spec);
  if (problems.length > 0) throw new TopologySpecError(problems);
  return spec as TopologySpec;
}

/** The topology's schedule: `schedule`, else the default. */
export function topologySchedule(spec: Record<string, unknown>): string {
  const schedule = spec['schedule'];
  return typeof schedule === 'string' && schedule.trim() !== '' ? schedule.trim() : DEFAULT_TOPOLOGY_SCHEDULE;
}
