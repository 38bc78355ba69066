import { INCIDENT_TYPES, isRecord, parseGoDuration, RESPONDER_CLIENT_FIELDS, RESPONDER_CLIENT_TYPES, type ResponderClientType } from '@pharos/core';
import { parseSearchRequest, SearchRequestError, type ParsedSelector } from '../shell/search-request.js';

/** Severities an incident row takes (the dropdown's info and warning included). */
const SEVERITIES = ['info', 'warning', 'low', 'medium', 'high', 'blocker', 'critical'] as const;
/** Statuses a rule may open an incident in. */
const OPENING_STATUSES = ['new', 'open', 'investigating'] as const;
const FAILING = ['unhealthy', 'warning', 'unknown'] as const;

const FIELDS = ['name', 'components', 'checks', 'filter', 'template', 'responders', 'autoResolve', 'autoClose', 'priority', 'breakOnMatch'] as const;
const FILTER_FIELDS = ['status', 'age', 'expr'] as const;
const TEMPLATE_FIELDS = ['title', 'description', 'type', 'severity', 'status', 'commander_id', 'communicator_id'] as const;

/** A responder the rule adds to each incident it opens: a team (with its client type and fields) or a person. */
export interface RuleResponder {
  team?: string;
  person?: string;
  type?: ResponderClientType;
  properties: Record<string, string>;
}

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

  const responders: RuleResponder[] = [];
  const rawResponders = source['responders'];
  if (rawResponders !== undefined && rawResponders !== null && !Array.isArray(rawResponders)) {
    problem(['responders'], 'must be a list of {team, type, properties} or {person}');
  }
  (Array.isArray(rawResponders) ? rawResponders : []).forEach((entry: unknown, index) => {
    const at = ['responders', index];
    if (!isRecord(entry)) return problem(at, 'must be {team, type, properties} or {person}');
    const team = text(entry['team'], [...at, 'team']);
    const who = text(entry['person'], [...at, 'person']);
    if ((team === undefined) === (who === undefined)) return problem(at, 'give either team (a team name) or person (an email or id)');
    if (who !== undefined) return void responders.push({ person: who, properties: {} });
    const type = choice(entry['type'], [...at, 'type'], RESPONDER_CLIENT_TYPES, 'email') as ResponderClientType;
    if (entry['type'] === undefined) problem([...at, 'type'], `a team responder needs its client type: one of ${oneOf(RESPONDER_CLIENT_TYPES)}`);
    const properties = isRecord(entry['properties']) ? entry['properties'] : {};
    const values: Record<string, string> = {};
    for (const field of RESPONDER_CLIENT_FIELDS[type]) {
      const value = properties[field];
      if (typeof value !== 'string' || value.trim() === '') problem([...at, 'properties', field], 'Please provide valid value');
      else values[field] = value;
    }
    responders.push({ team: team!, type, properties: values });
  });

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
