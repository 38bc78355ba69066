import type { RunEnvironment } from '../expressions.js';
import { REDACTED } from '../run-parameters.js';

/**
 * What an agent rendering an action's templates itself (`templatesOn: agent`) is sent of its run: all
 * of it, except the values of secret parameters and of the spec's `env` that the action's fields do
 * not name, which stay on this server.
 */
export function templateEnvFor(environment: RunEnvironment, secretTexts: readonly string[], body: Record<string, unknown>): RunEnvironment {
  const written = JSON.stringify(body);
  const params = Object.fromEntries(
    Object.entries(environment.params).map(([name, value]) => [name, typeof value === 'string' && secretTexts.includes(value) && !written.includes(name) ? REDACTED : value]),
  );
  const env = Object.fromEntries(Object.entries(environment.env).filter(([name]) => written.includes(name)));
  return { ...environment, params, env };
}
