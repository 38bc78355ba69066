import { applyResources } from '../apply/apply.js';
import { readFiles, type FileProblem, type FileResource } from '../apply/files.js';
import { describeOutcome, formatDocuments, isOutputFormat } from '../apply/format.js';
import { getResources } from '../apply/get.js';
import { readPaths } from '../apply/read-paths.js';
import { removeResources } from '../apply/remove.js';
import { loadRuntimeSecrets, openMigratedDatabase, runOnce } from './runtime.js';

export interface FileOptions {
  filename: string[];
}

export interface GetOptions {
  namespace?: string;
  output: string;
}

function describeProblem(problem: FileProblem): string {
  const where = `${problem.file ?? '<stdin>'}:${problem.line}`;
  return `${where}: document ${problem.index}${problem.path ? `, ${problem.path}` : ''}: ${problem.reason}`;
}

/** Problems go to standard error, one a line, and the command fails having saved nothing. */
function refuse(problems: readonly FileProblem[]): never {
  for (const problem of problems) process.stderr.write(`${describeProblem(problem)}\n`);
  throw new Error(`nothing was applied: ${problems.length} problem${problems.length === 1 ? '' : 's'}`);
}

async function readResources(options: FileOptions): Promise<FileResource[]> {
  const read = readFiles(await readPaths(options.filename));
  if ('problems' in read) refuse(read.problems);
  return read.resources;
}

/** `pharos apply -f FILE|DIR|-`: creates or updates every resource, or none. */
export async function applyCommand(options: FileOptions): Promise<void> {
  const resources = await readResources(options);
  await runOnce(async (runtime) => {
    const database = await openMigratedDatabase(runtime);
    const applied = await applyResources(database.pool, await loadRuntimeSecrets(runtime), resources);
    if ('problems' in applied) refuse(applied.problems);
    for (const outcome of applied.resources) process.stdout.write(`${describeOutcome(outcome)}\n`);
  });
}

/** `pharos delete -f FILE|DIR|-`: deletes the resources the documents name. */
export async function deleteCommand(options: FileOptions): Promise<void> {
  const resources = await readResources(options);
  await runOnce(async (runtime) => {
    const database = await openMigratedDatabase(runtime);
    for (const outcome of await removeResources(database.pool, resources)) process.stdout.write(`${describeOutcome(outcome)}\n`);
  });
}

/** `pharos get KIND [NAME]`: prints resources in the shape `pharos apply` takes. */
export async function getCommand(kind: string, name: string | undefined, options: GetOptions): Promise<void> {
  const { output } = options;
  if (!isOutputFormat(output)) throw new Error(`--output must be yaml or json, not ${output}`);
  await runOnce(async (runtime) => {
    const database = await openMigratedDatabase(runtime);
    const documents = await getResources(database.pool, { kind, name, namespace: options.namespace });
    if (name !== undefined && documents.length === 0) throw new Error(`no ${kind} is named ${name}`);
    process.stdout.write(formatDocuments(documents, output, name !== undefined));
  });
}
