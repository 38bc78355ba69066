import { durationMs, goDuration, isRecord } from '@pharos/core';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import type { ParameterValues } from './parameters.js';

/** What an action's output shows instead of a secret parameter's value, as mission-control writes it. */
export const REDACTED = '[REDACTED]';

/** The parameters a stored spec declares (none when it declares none in a readable form). */
export function declaredParameters(spec: unknown): Record<string, unknown>[] {
  const parameters = isRecord(spec) ? spec['parameters'] : undefined;
  return Array.isArray(parameters) ? parameters.filter(isRecord) : [];
}

const namesOfType = (parameters: readonly Record<string, unknown>[], type: string): Set<string> =>
  new Set(parameters.filter((parameter) => parameter['type'] === type).map((parameter) => String(parameter['name'])));

/** The values as a run keeps them: each secret one sealed with the server's key, so that only the run's actions read it. */
export function sealSecretParameters(secrets: ServerSecrets, parameters: readonly Record<string, unknown>[], values: ParameterValues): ParameterValues {
  const secretNames = namesOfType(parameters, 'secret');
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, secretNames.has(name) && typeof value === 'string' ? secrets.seal(value) : value]));
}

/**
 * The parameters as a run's templates see them: secrets opened, durations written as Go writes a
 * time.Duration (`15m` → `15m0s`, `1d` → `24h0m0s`), as mission-control hands them to its templates.
 * `secretTexts` are the opened secrets, kept out of what the actions answer.
 */
export function templateParameters(secrets: ServerSecrets, parameters: readonly Record<string, unknown>[], stored: ParameterValues): { params: ParameterValues; secretTexts: string[] } {
  const secretNames = namesOfType(parameters, 'secret');
  const durationNames = namesOfType(parameters, 'duration');
  const secretTexts: string[] = [];
  const params: ParameterValues = {};
  for (const [name, value] of Object.entries(stored)) {
    if (secretNames.has(name) && typeof value === 'string') {
      const opened = secrets.open(value);
      if (opened !== '') secretTexts.push(opened);
      params[name] = opened;
      continue;
    }
    const ms = durationNames.has(name) && typeof value === 'string' ? durationMs(value) : undefined;
    params[name] = ms === undefined ? value : goDuration(ms);
  }
  return { params, secretTexts };
}

/** A copy of a JSON value with every secret text replaced by [REDACTED]. */
export function scrubSecrets<T>(value: T, secretTexts: readonly string[]): T {
  if (secretTexts.length === 0) return value;
  if (typeof value === 'string') return secretTexts.reduce((text, secret) => text.replaceAll(secret, REDACTED), value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => scrubSecrets(item, secretTexts)) as T;
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrubSecrets(item, secretTexts)])) as T;
  return value;
}
