import { isRecord } from '../guards.js';
import { parseGoDuration } from '../template/time.js';

/** `properties` of a duration parameter, as mission-control reads them. */
export interface DurationParameterProperties {
  min?: string;
  max?: string;
  /** Durations offered as a choice. */
  options?: string[];
}

const textOf = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

export function durationProperties(properties: unknown): DurationParameterProperties {
  if (!isRecord(properties)) return {};
  const min = textOf(properties['min']);
  const max = textOf(properties['max']);
  const options = Array.isArray(properties['options']) ? properties['options'].map(textOf).filter((option): option is string => option !== undefined) : [];
  return { ...(min ? { min } : {}), ...(max ? { max } : {}), ...(options.length > 0 ? { options } : {}) };
}

/** Milliseconds of a Go duration (`15m`, `1h30m`, `7d`), or undefined when it is not one. */
export function durationMs(text: string): number | undefined {
  try {
    return parseGoDuration(text.trim());
  } catch {
    return undefined;
  }
}

/**
 * Why a value breaks a duration parameter (a sentence to follow its name: "must be at least 5m"),
 * or undefined when it keeps to it. Bounds that are not durations are the spec's problem, not the value's.
 */
export function durationValueProblem(value: string, properties: DurationParameterProperties): string | undefined {
  const ms = durationMs(value);
  if (ms === undefined) return `must be a duration such as 30s, 15m, 1h30m or 7d, not '${value}'`;
  if (ms < 0) return 'must be a positive duration';
  const min = properties.min === undefined ? undefined : durationMs(properties.min);
  const max = properties.max === undefined ? undefined : durationMs(properties.max);
  if (min !== undefined && ms < min) return `must be at least ${properties.min}`;
  if (max !== undefined && ms > max) return `must be at most ${properties.max}`;
  return undefined;
}

/** What is wrong with a duration parameter's spec: its min, max, default and options, as mission-control checks them. */
export function durationSpecProblems(parameter: Record<string, unknown>): string[] {
  const name = String(parameter['name']);
  const properties = durationProperties(parameter['properties']);
  const problems: string[] = [];
  for (const bound of ['min', 'max'] as const) {
    const text = properties[bound];
    if (text !== undefined && durationMs(text) === undefined) problems.push(`parameter ${name} has a ${bound} that is not a duration: '${text}'`);
  }
  const min = properties.min === undefined ? undefined : durationMs(properties.min);
  const max = properties.max === undefined ? undefined : durationMs(properties.max);
  if (min !== undefined && max !== undefined && min > max) problems.push(`parameter ${name} has a min (${properties.min}) greater than its max (${properties.max})`);
  const fallback = parameter['default'];
  // A templated default is known only when a run renders it.
  if (typeof fallback === 'string' && fallback.trim() !== '' && !fallback.includes('{{')) {
    const problem = durationValueProblem(fallback, properties);
    if (problem) problems.push(`parameter ${name}: its default ${problem}`);
  }
  for (const option of properties.options ?? []) {
    const problem = durationValueProblem(option, properties);
    if (problem) problems.push(`parameter ${name}: option '${option}' ${problem}`);
  }
  return problems;
}
