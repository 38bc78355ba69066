import { INCIDENT_TYPES, isRecord, parseGoDuration } from '@pharos/core';
import { parseSearchRequest, SearchRequestError, type ParsedSelector } from '../shell/search-request.js';
import { minutesOf, type HoursWindow } from './rule-hours.js';
import { readRuleResponders, type RuleResponder } from './rule-responders.js';

/** Severities an incident row takes (the dropdown's info and warning included). */
const SEVERITIES = ['info', 'warning', 'low', 'medium', 'high', 'blocker', 'critical'] as const;
/** Statuses a rule may open an incident in. */
const OPENING_STATUSES = ['new', 'open', 'investigating'] as const;
const FAILING = ['unhealthy', 'warning', 'unknown'] as const;

const FIELDS = ['name', 'components', 'checks', 'filter', 'template', 'responders', 'autoResolve', 'autoClose', 'priority', 'breakOnMatch', 'hoursOfOperation', 'autoAssignOwner'] as const;
const HOURS_FIELDS = ['start', 'end', 'negate'] as const;
const FILTER_FIELDS = ['status', 'age', 'expr'] as const;
const TEMPLATE_FIELDS = ['title', 'description', 'type', 'severity', 'status', 'commander_id', 'communicator_id'] as const;

/** An IncidentRule's spec as the rules job reads it. */
export interface IncidentRuleSpec {
  /** What the rule watches; a rule with neither opens nothing. */
  components: ParsedSelector[];
  checks: ParsedSelector[];
  /** Health a component (or status a check) must have to count as failing. */
  statuses: string[];
  /** How long it must have been failing. */
  ageMs: number;
  /** CEL over `component` or `check`: only subjects it answers true for. */
  expr?: string;
  template: {
    title?: string;
    description?: string;
    type: string;
    severity: string;
    status: string;
    commander_id?: string;
    communicator_id?: string;
  };
  responders: RuleResponder[];
  /** Resolve an incident once its definition of done has been met for this long. */
  autoResolveMs?: number;
  /** Close a resolved incident after this long. */
  autoCloseMs?: number;
  priority: number;
  breakOnMatch: boolean;
  /** Windows of the (UTC) day the rule opens new incidents in; none: always. */
  hoursOfOperation: HoursWindow[];
  /** The failing component's (or check's) owner, when a person, becomes the commander. */
  autoAssignOwner: boolean;
}

export interface RuleProblem {
  path: (string | number)[];
  reason: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function oneOf(values: readonly string[]): string {
  return values.join(', ');
}

/** Reads a rule's spec, collecting every problem with its path inside the spec. */
export function readIncidentRuleSpec(raw: unknown): { spec: IncidentRuleSpec } | { problems: RuleProblem[] } {
  const problems: RuleProblem[] = [];
  const problem = (path: (string | number)[], reason: string): void => void problems.push({ path, reason });
  const source = isRecord(raw) ? raw : {};
  if (!isRecord(raw)) problem([], 'spec must be a mapping');
  for (const key of Object.keys(source)) if (!(FIELDS as readonly string[]).includes(key)) problem([key], `unknown field ${key}: an IncidentRule spec has ${oneOf(FIELDS)}`);

  const selectors = (kind: 'components' | 'checks'): ParsedSelector[] => {
    const value = source[kind];
    if (value === undefined || value === null) return [];
    try {
      return parseSearchRequest({ [kind]: value, limit: 1 }).kinds.get(kind) ?? [];
    } catch (error) {
      if (!(error instanceof SearchRequestError)) throw error;
      problem([kind], error.message);
      return [];
    }
  };
  const components = selectors('components');
  const checks = selectors('checks');
  const text = (value: unknown, path: (string | number)[]): string | undefined => {
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'string') return value;
    problem(path, 'must be a string');
    return undefined;
  };
  const duration = (value: unknown, path: (string | number)[]): number | undefined => {
    const given = text(value, path);
    if (given === undefined || given.trim() === '') return undefined;
    try {
      const ms = parseGoDuration(given);
      if (ms >= 0) return ms;
    } catch {
      // explained below
    }
    problem(path, `'${given}' is not a duration such as 30s, 5m or 1h`);
    return undefined;
  };
  const choice = (value: unknown, path: (string | number)[], allowed: readonly string[], fallback: string): string => {
    const given = text(value, path);
    if (given === undefined) return fallback;
    if (allowed.includes(given)) return given;
    // mission-control's files write severities capitalised (High, Low)
    const lowered = given.toLowerCase();
    if (allowed.includes(lowered)) return lowered;
    problem(path, `'${given}' is not one of ${oneOf(allowed)}`);
    return fallback;
  };

  // filter: a CEL expression, or {status, age, expr}
  let statuses: string[] = ['unhealthy'];
  let ageMs = 0;
  let expr: string | undefined;
  const filter = source['filter'];
  if (typeof filter === 'string') {
    expr = filter.trim() || undefined;
  } else if (isRecord(filter)) {
    for (const key of Object.keys(filter)) if (!(FILTER_FIELDS as readonly string[]).includes(key)) problem(['filter', key], `unknown field ${key}: filter has ${oneOf(FILTER_FIELDS)}`);
    const status = filter['status'];
    if (status !== undefined && status !== null) {
      if (!Array.isArray(status) || status.length === 0 || status.some((s) => typeof s !== 'string' || !(FAILING as readonly string[]).includes(s))) {
        problem(['filter', 'status'], `must be a list of ${oneOf(FAILING)}`);
      } else statuses = status as string[];
    }
    ageMs = duration(filter['age'], ['filter', 'age']) ?? 0;
    expr = text(filter['expr'], ['filter', 'expr'])?.trim() || undefined;
  } else if (filter !== undefined && filter !== null) {
    problem(['filter'], 'must be a CEL expression or a mapping with status, age and expr');
  }

  const template = isRecord(source['template']) ? source['template'] : {};
  if (source['template'] !== undefined && !isRecord(source['template'])) problem(['template'], 'must be a mapping');
  for (const key of Object.keys(template)) if (!(TEMPLATE_FIELDS as readonly string[]).includes(key)) problem(['template', key], `unknown field ${key}: template has ${oneOf(TEMPLATE_FIELDS)}`);
  const person = (key: 'commander_id' | 'communicator_id'): string | undefined => {
    const id = text(template[key], ['template', key]);
    if (id !== undefined && !UUID.test(id)) problem(['template', key], 'must be the id of a person');
    return id;
  };
  const title = text(template['title'], ['template', 'title']);
  const description = text(template['description'], ['template', 'description']);
  const commander = person('commander_id');
  const communicator = person('communicator_id');

  const responders: RuleResponder[] = readRuleResponders(source['responders'], ({ path, reason }) => problem(path, reason));

  const hoursOfOperation: HoursWindow[] = [];
  const rawHours = source['hoursOfOperation'];
  if (rawHours !== undefined && rawHours !== null && !Array.isArray(rawHours)) problem(['hoursOfOperation'], 'must be a list of {start, end, negate}');
  (Array.isArray(rawHours) ? rawHours : []).forEach((entry: unknown, index) => {
    const at = ['hoursOfOperation', index];
    if (!isRecord(entry)) return problem(at, 'must be {start, end, negate} with times such as 09:00 and 17:30 (UTC)');
    for (const key of Object.keys(entry)) if (!(HOURS_FIELDS as readonly string[]).includes(key)) problem([...at, key], `unknown field ${key}: hoursOfOperation has ${oneOf(HOURS_FIELDS)}`);
    const time = (key: 'start' | 'end'): number | undefined => {
      const value = entry[key];
      const minutes = typeof value === 'string' ? minutesOf(value) : undefined;
      if (minutes === undefined) problem([...at, key], `'${String(value ?? '')}' is not a time of day such as 09:00 or 17:30`);
      return minutes;
    };
    const start = time('start');
    const end = time('end');
    if (entry['negate'] !== undefined && typeof entry['negate'] !== 'boolean') problem([...at, 'negate'], 'must be true or false');
    if (start !== undefined && end !== undefined) hoursOfOperation.push({ start, end, negate: entry['negate'] === true });
  });
  const autoAssignOwner = source['autoAssignOwner'] ?? false;
  if (typeof autoAssignOwner !== 'boolean') problem(['autoAssignOwner'], 'must be true or false');

  const autoResolve = source['autoResolve'];
  const autoClose = source['autoClose'];
  const timeoutOf = (value: unknown, key: string): number | undefined => {
    if (value === undefined || value === null) return undefined;
    if (!isRecord(value)) return void problem([key], 'must be a mapping with a timeout, e.g. {timeout: 10m}');
    for (const field of Object.keys(value)) if (field !== 'timeout' && field !== 'enabled') problem([key, field], `unknown field ${field}: ${key} has timeout and enabled`);
    if (value['enabled'] !== undefined && typeof value['enabled'] !== 'boolean') problem([key, 'enabled'], 'must be true or false');
    const ms = duration(value['timeout'], [key, 'timeout']) ?? 0;
    return value['enabled'] === false ? undefined : ms;
  };
  const priority = source['priority'] ?? 0;
  if (typeof priority !== 'number' || !Number.isInteger(priority)) problem(['priority'], 'must be a whole number');
  const breakOnMatch = source['breakOnMatch'] ?? false;
  if (typeof breakOnMatch !== 'boolean') problem(['breakOnMatch'], 'must be true or false');

  const spec: IncidentRuleSpec = {
    components,
    checks,
    statuses,
    ageMs,
    ...(expr ? { expr } : {}),
    template: {
      ...(title ? { title } : {}),
      ...(description ? { description } : {}),
      type: choice(template['type'], ['template', 'type'], INCIDENT_TYPES, 'availability'),
      severity: choice(template['severity'], ['template', 'severity'], SEVERITIES, 'low'),
      status: choice(template['status'], ['template', 'status'], OPENING_STATUSES, 'open'),
      ...(commander ? { commander_id: commander } : {}),
      ...(communicator ? { communicator_id: communicator } : {}),
    },
    responders,
    priority: typeof priority === 'number' ? priority : 0,
    breakOnMatch: breakOnMatch === true,
    hoursOfOperation,
    autoAssignOwner: autoAssignOwner === true,
  };
  const resolveMs = timeoutOf(autoResolve, 'autoResolve');
  const closeMs = timeoutOf(autoClose, 'autoClose');
  if (resolveMs !== undefined) spec.autoResolveMs = resolveMs;
  if (closeMs !== undefined) spec.autoCloseMs = closeMs;
  return problems.length > 0 ? { problems } : { spec };
}

/** The apply check of an IncidentRule: each problem's path inside the spec and reason. */
export function incidentRuleSpecProblems(spec: Record<string, unknown>): RuleProblem[] {
  const read = readIncidentRuleSpec(spec);
  return 'problems' in read ? read.problems : [];
}
