import { durationSpecProblems, isRecord, parseGoDuration, PLAYBOOK_ACTION_KINDS } from '@pharos/core';

/** A playbook runs for at most this long unless its spec says `timeout`. */
export const DEFAULT_PLAYBOOK_TIMEOUT_MS = 30 * 60_000;

export type ActionKind = (typeof PLAYBOOK_ACTION_KINDS)[number];

/** `retry` of an action: attempts after the first, the wait before the first of them, and how each wait grows. */
export interface RetryPolicy {
  limit: number;
  delayMs: number;
  multiplier: number;
}

/** One action of a playbook spec, as the run engine reads it. */
export interface PlaybookAction {
  name: string;
  kind: ActionKind;
  /** The kind's own fields (`exec: {script}` → `{script}`). */
  body: Record<string, unknown>;
  /** CEL; `success()` when absent. */
  if?: string;
  /** A duration or a CEL expression giving one. */
  delay?: string;
  timeoutMs?: number;
  retry?: RetryPolicy;
  /** Agents (names or ids, Go templates allowed) one of which runs the action instead of this server; `local` is this server. */
  runsOn?: string[];
  /** Where its templates are rendered when it runs on an agent: here before the agent takes it (`host`), or by the agent. */
  templatesOn?: TemplatesOn;
}

export const TEMPLATES_ON = ['host', 'agent'] as const;
export type TemplatesOn = (typeof TEMPLATES_ON)[number];

export interface PlaybookSpec {
  actions: PlaybookAction[];
  timeoutMs: number;
  parameters: Record<string, unknown>[];
  env: Record<string, unknown>[];
  configs?: unknown[];
  components?: unknown[];
  checks?: unknown[];
  approval?: Record<string, unknown>;
  /** The agents every action without its own `runsOn` runs on. */
  runsOn?: string[];
  /** `templatesOn` of every action without its own. */
  templatesOn?: TemplatesOn;
}

/** A spec the engine cannot run, with the path of what is wrong (`actions[1].retry.limit`) and why. */
export class PlaybookSpecError extends Error {
  readonly path: string;
  readonly reason: string;

  constructor(message: string) {
    super(message);
    const split = message.indexOf(': ');
    this.path = split === -1 ? '' : message.slice(0, split);
    this.reason = split === -1 ? message : message.slice(split + 2);
  }
}

function durationAt(value: unknown, path: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new PlaybookSpecError(`${path}: must be a duration such as 30s or 5m`);
  try {
    return parseGoDuration(value);
  } catch {
    throw new PlaybookSpecError(`${path}: '${value}' is not a duration such as 30s or 5m`);
  }
}

function retryAt(value: unknown, path: string): RetryPolicy | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isRecord(value)) throw new PlaybookSpecError(`${path}: must be an object with limit, duration and exponent`);
  const limit = value['limit'];
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0) throw new PlaybookSpecError(`${path}.limit: must be a whole number of 0 or more`);
  const exponent = isRecord(value['exponent']) ? value['exponent'] : {};
  const multiplier = exponent['multiplier'] ?? 1;
  if (typeof multiplier !== 'number' || multiplier < 1) throw new PlaybookSpecError(`${path}.exponent.multiplier: must be a number of 1 or more`);
  return { limit, delayMs: durationAt(value['duration'], `${path}.duration`) ?? 0, multiplier };
}

function runsOnAt(value: unknown, path: string): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || !value.every((name) => typeof name === 'string' && name.trim() !== '')) throw new PlaybookSpecError(`${path}: must be a list of agent names`);
  return value.length === 0 ? undefined : value.map((name: string) => name.trim());
}

function templatesOnAt(value: unknown, path: string): TemplatesOn | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (!TEMPLATES_ON.includes(value as TemplatesOn)) throw new PlaybookSpecError(`${path}: must be host or agent (where an action run on an agent has its templates rendered)`);
  return value as TemplatesOn;
}

function actionAt(value: unknown, index: number, names: Set<string>): PlaybookAction {
  const path = `actions[${index}]`;
  if (!isRecord(value)) throw new PlaybookSpecError(`${path}: must be an object`);
  const name = value['name'];
  if (typeof name !== 'string' || name.trim() === '') throw new PlaybookSpecError(`${path}.name: is required`);
  if (names.has(name)) throw new PlaybookSpecError(`${path}.name: '${name}' names an earlier action too`);
  names.add(name);
  const kinds = PLAYBOOK_ACTION_KINDS.filter((kind) => value[kind] !== undefined);
  if (kinds.length !== 1) throw new PlaybookSpecError(`${path}: must have exactly one of ${PLAYBOOK_ACTION_KINDS.join(', ')}${kinds.length > 1 ? ` (it has ${kinds.join(', ')})` : ''}`);
  const kind = kinds[0]!;
  const body = value[kind];
  if (!isRecord(body)) throw new PlaybookSpecError(`${path}.${kind}: must be an object`);
  const text = (field: string): string | undefined => {
    const given = value[field];
    if (given === undefined || given === null || given === '') return undefined;
    if (typeof given !== 'string') throw new PlaybookSpecError(`${path}.${field}: must be a string`);
    return given;
  };
  const condition = text('if');
  const delay = text('delay');
  const timeoutMs = durationAt(value['timeout'], `${path}.timeout`);
  const retry = retryAt(value['retry'], `${path}.retry`);
  const runsOn = runsOnAt(value['runsOn'], `${path}.runsOn`);
  const templatesOn = templatesOnAt(value['templatesOn'], `${path}.templatesOn`);
  return {
    name,
    kind,
    body,
    ...(condition ? { if: condition } : {}),
    ...(delay ? { delay } : {}),
    ...(timeoutMs ? { timeoutMs } : {}),
    ...(retry ? { retry } : {}),
    ...(runsOn ? { runsOn } : {}),
    ...(templatesOn ? { templatesOn } : {}),
  };
}

const listAt = (value: unknown, path: string): Record<string, unknown>[] => {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every(isRecord)) throw new PlaybookSpecError(`${path}: must be a list of objects`);
  return value;
};

/** The parameters, a duration one's min, max, default and options checked as mission-control checks them. */
function parametersAt(value: unknown): Record<string, unknown>[] {
  const parameters = listAt(value, 'parameters');
  parameters.forEach((parameter, index) => {
    const problem = parameter['type'] === 'duration' ? durationSpecProblems(parameter)[0] : undefined;
    if (problem) throw new PlaybookSpecError(`parameters[${index}]: ${problem}`);
  });
  return parameters;
}

/** The runnable shape of a stored or applied playbook spec; what is wrong is thrown with its path. */
export function readPlaybookSpec(spec: unknown): PlaybookSpec {
  if (!isRecord(spec)) throw new PlaybookSpecError('spec: must be an object');
  const names = new Set<string>();
  const actions = listAt(spec['actions'], 'actions').map((action, index) => actionAt(action, index, names));
  if (actions.length === 0) throw new PlaybookSpecError('actions: a playbook needs at least one action');
  const runsOn = runsOnAt(spec['runsOn'], 'runsOn');
  const templatesOn = templatesOnAt(spec['templatesOn'], 'templatesOn');
  const selectors = (field: 'configs' | 'components' | 'checks') => (spec[field] === undefined ? {} : { [field]: listAt(spec[field], field) });
  return {
    actions,
    timeoutMs: durationAt(spec['timeout'], 'timeout') ?? DEFAULT_PLAYBOOK_TIMEOUT_MS,
    parameters: parametersAt(spec['parameters']),
    env: listAt(spec['env'], 'env'),
    ...selectors('configs'),
    ...selectors('components'),
    ...selectors('checks'),
    ...(isRecord(spec['approval']) ? { approval: spec['approval'] } : {}),
    ...(runsOn ? { runsOn } : {}),
    ...(templatesOn ? { templatesOn } : {}),
  };
}

/** What apply refuses in a Playbook's spec beyond its schema: the first problem, its path as a list. */
export function playbookSpecProblems(spec: Record<string, unknown>): { path: (string | number)[]; reason: string }[] {
  try {
    readPlaybookSpec(spec);
    return [];
  } catch (error) {
    if (!(error instanceof PlaybookSpecError)) throw error;
    const path = error.path === 'spec' ? [] : [...error.path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map(([, key, index]) => (index === undefined ? key! : Number(index)));
    return [{ path, reason: error.reason }];
  }
}
