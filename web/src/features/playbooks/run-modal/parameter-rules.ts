import { DNS1123_PATTERN, durationProperties, durationValueProblem, PLAYBOOK_PARAMETER_TYPES, type PlaybookParameterType } from '@pharos/core';
import { REQUIRED_MESSAGE } from '../../../ui/form-validation';
import type { ParameterValue, PlaybookParameter, PlaybookParameterProperties } from '../api';

/**
 * The rules of a playbook parameter's value (spec 1 section 5): required, text with min, max,
 * minLength, maxLength and regex, dns1123 names, memory with Mi/Gi/Ti and CPU with m; durations
 * within their min and max.
 */

export const MEMORY_UNITS = ['Mi', 'Gi', 'Ti'] as const;
export type MemoryUnit = (typeof MEMORY_UNITS)[number];
export const DEFAULT_MEMORY_UNIT: MemoryUnit = 'Mi';

export function parameterType(parameter: PlaybookParameter): PlaybookParameterType {
  const type = parameter.type ?? 'text';
  return PLAYBOOK_PARAMETER_TYPES.includes(type) ? type : 'text';
}

export const propertiesOf = (parameter: PlaybookParameter): PlaybookParameterProperties => parameter.properties ?? {};

const numberOf = (value: unknown): number | undefined => {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
};

/** `512Mi` → {amount: '512', unit: 'Mi'}; a bare number keeps the default unit. */
export function splitMemory(value: string): { amount: string; unit: MemoryUnit } {
  const match = /^(.*?)(Mi|Gi|Ti)$/.exec(value.trim());
  return match ? { amount: match[1]!, unit: match[2] as MemoryUnit } : { amount: value.trim(), unit: DEFAULT_MEMORY_UNIT };
}

/** `250m` → `250`. */
export const millicoresAmount = (value: string): string => value.trim().replace(/m$/, '');

const isCount = (text: string) => /^\d+(\.\d+)?$/.test(text);

/** Why a text value breaks its parameter's properties, if it does. */
function textError(value: string, properties: PlaybookParameterProperties): string | undefined {
  const format = properties.format;
  if (format === 'bytes') {
    const { amount } = splitMemory(value);
    return isCount(amount) && /(Mi|Gi|Ti)$/.test(value) ? undefined : 'Enter a number with a unit of Mi, Gi or Ti';
  }
  if (format === 'millicores') return /^\d+m$/.test(value.trim()) ? undefined : 'Enter a whole number of millicores, such as 250m';
  const minLength = numberOf(properties.minLength);
  const maxLength = numberOf(properties.maxLength);
  if (minLength !== undefined && value.length < minLength) return `Must be at least ${minLength} characters`;
  if (maxLength !== undefined && value.length > maxLength) return `Must be at most ${maxLength} characters`;
  if (typeof properties.regex === 'string' && properties.regex !== '') {
    let pattern: RegExp | undefined;
    try {
      pattern = new RegExp(properties.regex);
    } catch {
      pattern = undefined;
    }
    if (pattern && !pattern.test(value)) return `Must match ${properties.regex}`;
  }
  if (format === 'dns1123' && !DNS1123_PATTERN.test(value)) return "Must be lowercase letters, digits, '-' and '.', starting and ending with a letter or digit";
  const min = numberOf(properties.min);
  const max = numberOf(properties.max);
  if (format === 'number' || min !== undefined || max !== undefined) {
    const number = numberOf(value);
    if (number === undefined) return 'Must be a number';
    if (min !== undefined && number < min) return `Must be at least ${min}`;
    if (max !== undefined && number > max) return `Must be at most ${max}`;
  }
  return undefined;
}

/** The message a parameter's value earns, or undefined when it may be sent. */
export function parameterError(parameter: PlaybookParameter, value: ParameterValue | undefined): string | undefined {
  const type = parameterType(parameter);
  if (type === 'checkbox') return undefined;
  const given = typeof value === 'string' ? value : value === undefined ? '' : String(value);
  if (given.trim() === '') return parameter.required ? REQUIRED_MESSAGE : undefined;
  if (type === 'list') {
    const options = optionsOf(parameter);
    return options.length === 0 || options.some((option) => option.value === given) ? undefined : 'Choose one of the options';
  }
  if (type === 'duration') {
    const problem = durationValueProblem(given, durationProperties(parameter.properties));
    return problem && `${problem.charAt(0).toUpperCase()}${problem.slice(1)}`;
  }
  return type === 'text' ? textError(given, propertiesOf(parameter)) : undefined;
}

export interface ListOption {
  value: string;
  label: string;
}

/** A list parameter's options: plain values or {label, value}. */
export function optionsOf(parameter: PlaybookParameter): ListOption[] {
  const options = propertiesOf(parameter).options ?? [];
  return options.map((option) => (typeof option === 'string' ? { value: option, label: option } : { value: String(option.value), label: option.label ?? String(option.value) }));
}

const truthy = (value: unknown) => value === true || value === 'true';

/** The form's first value of a parameter, from its (rendered) default. */
export function initialValue(parameter: PlaybookParameter): ParameterValue {
  const type = parameterType(parameter);
  const fallback = parameter.default;
  if (type === 'checkbox') return truthy(fallback);
  if (fallback === undefined || fallback === null) return '';
  return String(fallback);
}

/** The values a run sends: blanks left out, so the server applies its defaults and required rules. */
export function paramsToSend(parameters: readonly PlaybookParameter[], values: Readonly<Record<string, ParameterValue>>): Record<string, ParameterValue> {
  const params: Record<string, ParameterValue> = {};
  for (const parameter of parameters) {
    const value = values[parameter.name];
    if (value === undefined) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    params[parameter.name] = value;
  }
  return params;
}
