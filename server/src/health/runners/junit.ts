import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { isRecord } from '@pharos/core';
import { describeCommandFailure, readRunFile, withCommandRun, type CommandRun } from '../../commands/index.js';
import { describeTotals, parseJunitXml, totalsOf, type JunitSuite } from './junit-xml.js';
import { failed, text, type CheckOutcome, type CheckRunner, type RunContext } from './types.js';

/** Output kept of the commands, for the message of a failed run. */
const MAX_OUTPUT = 3_000;
/** Failing cases named in the message. */
const MAX_NAMED = 10;
/** Files written this long before the run started still count (coarse file system clocks). */
const CLOCK_SLACK_MS = 1_000;
/** Largest JUnit XML file read. */
const MAX_XML_BYTES = 32 * 1024 * 1024;

interface Command {
  argv: string[];
  env: Record<string, string>;
  cwd?: string;
}

/**
 * What to run: canary-checker's pod `spec` (each of `spec.containers` runs its `command` and `args`
 * here, in order, with its `env` and `workingDir`; the image is not used), or a bash `script`.
 */
async function commandsOf(spec: Record<string, unknown>, context: RunContext): Promise<Command[]> {
  const script = text(spec['script']);
  if (script) return [{ argv: ['bash', '-c', script], env: {} }];
  const pod = isRecord(spec['spec']) ? spec['spec'] : {};
  const containers = Array.isArray(pod['containers']) ? pod['containers'].filter(isRecord) : [];
  const commands: Command[] = [];
  for (const container of containers) {
    const words = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
    const argv = [...words(container['command']), ...words(container['args'])];
    if (argv.length === 0) throw new Error(`spec.containers: ${String(container['name'] ?? 'a container')} has no command to run here (the image is not used)`);
    const env: Record<string, string> = {};
    for (const entry of Array.isArray(container['env']) ? container['env'].filter(isRecord) : []) {
      if (typeof entry['name'] === 'string') env[entry['name']] = (await context.value(entry)) ?? '';
    }
    commands.push({ argv, env, ...(text(container['workingDir']) ? { cwd: text(container['workingDir'])! } : {}) });
  }
  if (commands.length === 0) throw new Error('a command is required: spec.containers[].command (or script)');
  return commands;
}

async function runCommand(commands: CommandRun, command: Command): Promise<{ code: number | null; output: string; error?: string }> {
  const result = await commands.run({ argv: command.argv, env: command.env, ...(command.cwd ? { cwd: command.cwd } : {}), keepStdoutBytes: MAX_OUTPUT * 4, keepStderrBytes: MAX_OUTPUT * 4 });
  const output = `${result.stdout}${result.stderr}`.slice(-MAX_OUTPUT) + (result.limit ? `\n(${result.limit})` : '');
  if (result.stopped || result.code === null) return { code: result.code, output, error: describeCommandFailure(result, 'the command') ?? 'the command was stopped' };
  return { code: result.code, output };
}

/** The XML files at `testResults` (a file, or a folder searched at any depth) written since `since`. */
async function resultFiles(testResults: string, since: number): Promise<string[]> {
  // lstat: a link the command left is not followed out of its folder.
  const fresh = async (file: string) => ((await lstat(file).catch(() => undefined))?.mtimeMs ?? 0) >= since - CLOCK_SLACK_MS;
  const info = await lstat(testResults).catch(() => undefined);
  if (!info) return [];
  if (info.isFile()) return (await fresh(testResults)) ? [testResults] : [];
  const names = (await readdir(testResults, { recursive: true })).filter((name) => name.endsWith('.xml')).sort();
  const files: string[] = [];
  for (const name of names) if (await fresh(path.join(testResults, name))) files.push(path.join(testResults, name));
  return files;
}

function failingNames(suites: readonly JunitSuite[], prefix = true): string[] {
  return suites.flatMap((suite) => suite.tests.filter((test) => test.status === 'failed' || test.status === 'error').map((test) => (prefix ? `${suite.name}/${test.name}` : test.name)));
}

function listed(names: readonly string[]): string {
  return `${names.slice(0, MAX_NAMED).join(', ')}${names.length > MAX_NAMED ? ` and ${names.length - MAX_NAMED} more` : ''}`;
}

/** One check per suite (named by the suite; a repeated name gets ` (2)`), passing when none of its cases failed. */
function suiteChecks(suites: readonly JunitSuite[]): NonNullable<CheckOutcome['children']> {
  const seen = new Map<string, number>();
  return suites.map((suite) => {
    const count = (seen.get(suite.name) ?? 0) + 1;
    seen.set(suite.name, count);
    const name = `${suite.name || 'suite'}${count > 1 ? ` (${count})` : ''}`;
    const failing = failingNames([suite], false);
    const summary = describeTotals(suite);
    const duration = Math.round(suite.duration * 1000);
    const outcome: CheckOutcome =
      failing.length > 0
        ? { pass: false, duration, message: `${summary}; failed: ${listed(failing)}`, error: `${failing.length} test${failing.length === 1 ? '' : 's'} failed: ${listed(failing)}`, data: { ...suite } }
        : { pass: true, duration, message: summary, data: { ...suite } };
    return { name, outcome };
  });
}

/**
 * Runs the check's command, which writes JUnit XML under `testResults`, and reads the suites it wrote
 * in this run. It fails when a test failed or errored (unless `test` decides), when the command exits
 * non-zero, or when no results were written. Variables: passed, failed, skipped, error, duration
 * (seconds), suites (each with its tests), and canary-checker's `results` with the same. Each suite
 * is also a check of its own, `{check}/{suite}`, with its counts and failing cases.
 */
export const junitCheck: CheckRunner = async (spec, context) => {
  const testResults = text(spec['testResults']);
  if (!testResults) return failed('testResults is required: the file or folder the command writes JUnit XML to');
  let commands: Command[];
  try {
    commands = await commandsOf(spec, context);
  } catch (error) {
    return failed((error as Error).message);
  }
  try {
    return await withCommandRun(context.signal, (run) => runCommands(run, commands, testResults, spec));
  } catch (error) {
    return failed((error as Error).message);
  }
};

/** Runs the commands in order as one run of user commands (see commands/), then reads the XML they wrote. */
async function runCommands(run: CommandRun, commands: readonly Command[], testResults: string, spec: Record<string, unknown>): Promise<CheckOutcome> {
  const startedAt = Date.now();
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let exit: { code: number | null; output: string; error?: string } = { code: 0, output: '' };
  for (const command of commands) {
    exit = await runCommand(run, command);
    if (exit.error || exit.code !== 0) break;
  }
  if (exit.error) return failed(`${exit.error}${exit.output ? `\n${exit.output.trim()}` : ''}`, elapsed());
  const suites: JunitSuite[] = [];
  try {
    for (const file of await resultFiles(path.resolve(run.folder, testResults), startedAt)) {
      suites.push(...parseJunitXml((await readRunFile(run, file, MAX_XML_BYTES)).bytes.toString('utf8'), file));
    }
  } catch (error) {
    return failed((error as Error).message, elapsed());
  }
  const totals = totalsOf(suites);
  const results = { ...totals, suites };
  const data = { ...results, results };
  const duration = elapsed();
  if (exit.code !== 0) {
    const outcome = failed(`the command exited with ${exit.code ?? 'a signal'}: ${describeTotals(totals)}${exit.output ? `\n${exit.output.trim()}` : ''}`, duration, data);
    return suites.length > 0 ? { ...outcome, children: suiteChecks(suites) } : outcome;
  }
  if (suites.length === 0) return failed(`no JUnit XML was written to ${testResults}`, duration, data);
  const names = failingNames(suites);
  const summary = describeTotals(totals);
  const children = suiteChecks(suites);
  const testExpression = isRecord(spec['test']) && text(spec['test']['expr']);
  if (names.length > 0 && !testExpression) {
    return { ...failed(`${names.length} test${names.length === 1 ? '' : 's'} failed: ${listed(names)}`, duration, data), message: `${summary}; failed: ${listed(names)}`, children };
  }
  return { pass: true, duration, message: summary, data, children };
}
