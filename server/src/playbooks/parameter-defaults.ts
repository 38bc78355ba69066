import { isRecord } from '@pharos/core';
import { renderFields } from './expressions.js';
import type { ParameterValues } from './parameters.js';
import { runEnvironment, type PlaybookOptions, type RunRow } from './run-context.js';

const templated = (value: unknown): boolean => typeof value === 'string' && value.includes('{{');

/** Values written as templates (`{{.config.name}}`) rendered against the run's resource and person; those named in `asWritten` are kept as they are. */
export async function renderTemplatedValues(options: PlaybookOptions, run: RunRow, values: ParameterValues, asWritten: ReadonlySet<string> = new Set()): Promise<ParameterValues> {
  const rendered = Object.fromEntries(Object.entries(values).filter(([name]) => !asWritten.has(name)));
  if (!Object.values(rendered).some(templated)) return values;
  const { environment } = await runEnvironment(options, options.pool, run, [], []);
  return { ...values, ...((await renderFields(options.sandbox, rendered, environment)) as ParameterValues) };
}

/** The spec's parameters with their templated defaults rendered for a would-be run (`POST /api/playbook/{id}/params`). */
export async function parametersFor(options: PlaybookOptions, run: RunRow, parameters: readonly Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const defaults = Object.fromEntries(parameters.filter((parameter) => templated(parameter['default'])).map((parameter) => [String(parameter['name']), parameter['default']]));
  const rendered = await renderTemplatedValues(options, run, defaults);
  return parameters.map((parameter) => {
    const name = String(parameter['name']);
    return isRecord(parameter) && name in rendered ? { ...parameter, default: rendered[name] } : parameter;
  });
}
