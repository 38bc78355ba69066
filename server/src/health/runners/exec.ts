import { describeCommandFailure, withCommandRun, type CommandRun } from '../../commands/index.js';
import { failed, text, type CheckOutcome, type CheckRunner, type RunContext } from './types.js';

/** The spec's `env` (values, secrets or config maps) as the script's environment. */
async function scriptEnvironment(spec: Record<string, unknown>, context: RunContext): Promise<Record<string, string>> {
  const env: Record<string, string> = {};
  for (const entry of Array.isArray(spec['env']) ? (spec['env'] as unknown[]) : []) {
    const { name } = (entry ?? {}) as { name?: unknown };
    if (typeof name === 'string' && name !== '') env[name] = (await context.value(entry)) ?? '';
  }
  return env;
}

/** Runs the spec's bash `script` in a run's folder (with what its connections set, e.g. KUBECONFIG, over its `env`); it passes when the script exits 0. Variables: stdout, stderr, exitCode. */
export async function runScript(run: CommandRun, spec: Record<string, unknown>, context: RunContext, connectionEnv: Record<string, string> = {}): Promise<CheckOutcome> {
  const script = text(spec['script']);
  if (!script) return failed('script is required');
  const started = performance.now();
  const result = await run.run({ argv: ['bash', '-c', script], env: { ...(await scriptEnvironment(spec, context)), ...connectionEnv } });
  const duration = Math.round(performance.now() - started);
  const data = { stdout: result.stdout.trimEnd(), stderr: result.stderr.trimEnd(), exitCode: result.code ?? -1 };
  const failure = describeCommandFailure(result);
  if (failure) return failed(failure, duration, data);
  return { pass: true, duration, message: data.stdout.split('\n').at(-1) ?? '', data };
}

/**
 * `exec`: a bash script, run as a user command (see commands/): in an empty folder of its own, as an
 * unprivileged user, within limits. Its expressions see stdout, stderr and exitCode, and the same
 * under `results` (`results.stdout`), as canary-checker names them.
 */
export const execCheck: CheckRunner = async (spec, context) => {
  if (!text(spec['script'])) return failed('script is required');
  try {
    const outcome = await withCommandRun(context.signal, (run) => runScript(run, spec, context));
    return { ...outcome, data: { ...outcome.data, results: { ...outcome.data } } };
  } catch (error) {
    return failed((error as Error).message);
  }
};
