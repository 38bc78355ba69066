import { DNS1123_PATTERN, durationProperties, durationValueProblem, isRecord, PLAYBOOK_PARAMETER_TYPES, SEALED_PLACEHOLDER, type PlaybookParameterType } from '@pharos/core';

/** Parameter values of a run, each checked against the spec's parameter of that name. */
export type ParameterValues = Record<string, unknown>;

/** Values a run may not take, each with the parameter's name. */
export class ParameterError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MEMORY = /^\d+(\.\d+)?(Mi|Gi|Ti)$/;
const CPU = /^\d+m$/;
/** Parameters whose value names a row of Pharos by id. */
const ID_TYPES: ReadonlySet<PlaybookParameterType> = new Set(['team', 'people', 'component', 'config', 'check']);

const numberOf = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

export function typeOf(parameter: Record<string, unknown>): PlaybookParameterType {
  const type = parameter['type'] ?? 'text';
  return PLAYBOOK_PARAMETER_TYPES.includes(type as PlaybookParameterType) ? (type as PlaybookParameterType) : 'text';
}

/** Why a text value breaks the parameter's properties (spec 1 §5), if it does. */
function textProblem(label: string, value: string, properties: Record<string, unknown>): string | undefined {
  const minLength = numberOf(properties['minLength']);
  const maxLength = numberOf(properties['maxLength']);
  if (minLength !== undefined && value.length < minLength) return `${label} must be at least ${minLength} characters`;
  if (maxLength !== undefined && value.length > maxLength) return `${label} must be at most ${maxLength} characters`;
  const regex = properties['regex'];
  if (typeof regex === 'string' && regex !== '') {
    let pattern: RegExp;
    try {
      pattern = new RegExp(regex);
    } catch {
      return `${label} has a regex that is not valid: ${regex}`;
    }
    if (!pattern.test(value)) return `${label} must match ${regex}`;
  }
  switch (properties['format']) {
    case 'dns1123':
      return DNS1123_PATTERN.test(value) ? undefined : `${label} must be lowercase letters, digits, '-' and '.' (a DNS-1123 name)`;
    case 'bytes':
      return MEMORY.test(value) ? undefined : `${label} must be a number with Mi, Gi or Ti, such as 512Mi`;
    case 'millicores':
      return CPU.test(value) ? undefined : `${label} must be a number with m, such as 250m`;
    case 'number': {
      const number = Number(value);
      if (value.trim() === '' || Number.isNaN(number)) return `${label} must be a number`;
      const min = numberOf(properties['min']);
      const max = numberOf(properties['max']);
      if (min !== undefined && number < min) return `${label} must be at least ${min}`;
      if (max !== undefined && number > max) return `${label} must be at most ${max}`;
      return undefined;
    }
    default:
      return undefined;
  }
}

function valueProblem(parameter: Record<string, unknown>, label: string, value: unknown): string | undefined {
  const type = typeOf(parameter);
  const properties = isRecord(parameter['properties']) ? parameter['properties'] : {};
  if (type === 'checkbox') return typeof value === 'boolean' || value === 'true' || value === 'false' ? undefined : `${label} must be true or false`;
  if (typeof value !== 'string') return `${label} must be text`;
  if (ID_TYPES.has(type)) return UUID.test(value) ? undefined : `${label} must be the id of a ${type === 'people' ? 'person' : type}`;
  if (type === 'list') {
    const options = Array.isArray(properties['options']) ? properties['options'] : [];
    const values = options.map((option) => (isRecord(option) ? option['value'] : option)).map(String);
    return values.length === 0 || values.includes(value) ? undefined : `${label} must be one of ${values.join(', ')}`;
  }
  if (type === 'duration') {
    const problem = durationValueProblem(value, durationProperties(properties));
    return problem ? `${label} ${problem}` : undefined;
  }
  // A secret is taken as written (rules on its text would tell what it is in their messages), except
  // the placeholder a run read back answers for it: running that run again needs the secret itself.
  if (type === 'secret') return value === SEALED_PLACEHOLDER ? `${label} is a secret kept sealed in the run it was copied from: type it again` : undefined;
  return type === 'code' ? undefined : textProblem(label, value, properties);
}

/**
 * The values a run gets: those given, checked against their parameters, and the defaults of the rest.
 * A required parameter without a value, a value of no parameter or one breaking its rules is refused.
 */
export function checkParameters(parameters: readonly Record<string, unknown>[], given: unknown): ParameterValues {
  if (given !== undefined && given !== null && !isRecord(given)) throw new ParameterError(['params must be an object of parameter names and values']);
  const values: ParameterValues = {};
  const problems: string[] = [];
  const known = new Set<string>();
  for (const parameter of parameters) {
    const name = String(parameter['name']);
    known.add(name);
    const label = `${name}${typeof parameter['label'] === 'string' && parameter['label'] !== name ? ` (${parameter['label']})` : ''}`;
    const value = isRecord(given) ? given[name] : undefined;
    if (value === undefined || value === null || value === '') {
      if (parameter['default'] !== undefined) values[name] = parameter['default'];
      else if (parameter['required'] === true) problems.push(`${label} is required`);
      continue;
    }
    const problem = valueProblem(parameter, label, value);
    if (problem) problems.push(problem);
    else values[name] = typeOf(parameter) === 'checkbox' ? value === true || value === 'true' : value;
  }
  for (const name of Object.keys(isRecord(given) ? given : {})) if (!known.has(name)) problems.push(`${name} is not a parameter of this playbook`);
  if (problems.length > 0) throw new ParameterError(problems);
  return values;
}
