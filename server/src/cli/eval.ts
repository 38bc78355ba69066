import { readFile } from 'node:fs/promises';
import { parse as parseYaml } from 'yaml';
import { ExpressionError, ExpressionSandbox } from '../expressions/sandbox.js';

export interface EvalOptions {
  cel?: string;
  template?: string;
  /** A JSON or YAML file whose top-level mapping gives the variables. */
  data?: string;
}

async function readVariables(path: string | undefined): Promise<Record<string, unknown>> {
  if (!path) return {};
  const text = await readFile(path, 'utf8');
  let value: unknown;
  try {
    value = parseYaml(text);
  } catch (error) {
    throw new Error(`${path}: ${(error as Error).message.split('\n')[0]}`);
  }
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new Error(`${path}: the variables must be a mapping (name: value)`);
  return value as Record<string, unknown>;
}

/**
 * `pharos eval --cel EXPR | --template TEXT [--data FILE]`: prints the result (CEL as JSON unless it
 * is a string), or the error with its position, for people writing specs. No database is opened.
 */
export async function evalCommand(options: EvalOptions): Promise<void> {
  if ((options.cel === undefined) === (options.template === undefined)) throw new Error('Give one of --cel EXPR or --template TEXT');
  const variables = await readVariables(options.data);
  // The same sandbox as the server's: jq, and the time and memory limits.
  const sandbox = new ExpressionSandbox();
  const interactive = { caller: 'pharos eval' };
  try {
    if (options.cel !== undefined) {
      const result = await sandbox.evaluateCel(options.cel, variables, [], interactive);
      process.stdout.write(`${typeof result === 'string' ? result : JSON.stringify(result)}\n`);
    } else {
      process.stdout.write(await sandbox.renderTemplate(options.template!, variables, undefined, interactive));
    }
  } catch (error) {
    // A CEL error with a position reads `CEL 1:5: …`; a template error names its template itself.
    if (error instanceof ExpressionError && options.cel !== undefined && error.line !== undefined) throw new Error(`CEL ${error.message}`);
    throw error;
  } finally {
    await sandbox.close();
  }
}
