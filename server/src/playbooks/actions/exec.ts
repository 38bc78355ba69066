import path from 'node:path';
import { isRecord } from '@pharos/core';
import { glob } from 'tinyglobby';
import { readRunFile, SHARED_TEMPORARY_FOLDERS, withCommandRun, type CommandRun } from '../../commands/index.js';
import { runScript } from '../../health/runners/exec.js';
import { execConnectionEnv } from './exec-connections.js';
import type { ActionOutcome, ActionRunner } from './types.js';

/** Largest artifact kept with the action's result, and most artifacts kept. */
const MAX_ARTIFACT_BYTES = 256 * 1024;
const MAX_ARTIFACTS = 20;

/** A file the script left that `artifacts` asked to keep. */
interface Artifact {
  path: string;
  size: number;
  /** UTF-8 text, or base64 when the file is not text; absent when larger than kept. */
  content?: string;
  encoding?: 'base64';
}

/** Shared temporary folders a script may leave artifacts in (`/tmp/output.txt`, as mission-control's examples do). */
const TEMPORARY_FOLDERS = [...SHARED_TEMPORARY_FOLDERS.keys()].map((folder) => `${folder}/`);

/**
 * The files the script wrote that `patterns` name, in the run's folder or, when the run has a user
 * of its own whose files they must be, in a temporary folder (the run's own copy when it has one);
 * links and files it did not write are left out.
 */
async function collect(run: CommandRun, patterns: string[]): Promise<Artifact[]> {
  const inFolder = patterns.filter((pattern) => !pattern.startsWith('/')).map((pattern) => ({ pattern, cwd: run.folder, shown: '' }));
  // Only a run user's own files prove the script wrote them (readRunFile); without one, nothing outside the run's folder is read.
  const inTemporary = run.user
    ? patterns.flatMap((pattern) => {
        const folder = TEMPORARY_FOLDERS.find((candidate) => pattern.startsWith(candidate));
        return folder ? [{ pattern: pattern.slice(folder.length), cwd: run.outside(folder), shown: folder }] : [];
      })
    : [];
  const files: Array<{ file: string; cwd: string; shown: string }> = [];
  for (const { pattern, cwd, shown } of [...inFolder, ...inTemporary]) {
    const found = await glob([pattern], { cwd, onlyFiles: true, absolute: false, followSymbolicLinks: false });
    files.push(...found.map((file) => ({ file, cwd, shown })));
  }
  const artifacts: Artifact[] = [];
  for (const { file, cwd, shown } of files.slice(0, MAX_ARTIFACTS)) {
    const read = await readRunFile(run, path.join(cwd, file), MAX_ARTIFACT_BYTES).catch(() => undefined);
    if (!read) continue;
    const { bytes, size } = read;
    const where = `${shown}${file}`;
    if (size > MAX_ARTIFACT_BYTES) {
      artifacts.push({ path: where, size });
      continue;
    }
    const text = bytes.toString('utf8');
    artifacts.push(text.includes('\uFFFD') ? { path: where, size, content: bytes.toString('base64'), encoding: 'base64' } : { path: where, size, content: text });
  }
  return artifacts;
}

/**
 * `exec`: a bash script run as a user command (see commands/: a folder of its own, removed after, an
 * unprivileged user, limits), with `env`; passes when it exits 0. `artifacts` (paths or globs inside
 * that folder, or in /tmp, /var/tmp or /dev/shm for files the run's user wrote there) are kept with
 * the result (each up to 256 KiB). `connections` (mission-control's `kubernetes: {connection,
 * kubeconfig}`, `fromConfigItem`, `serviceAccount`) give the script a KUBECONFIG for that one cluster.
 */
export const execAction: ActionRunner = async (body, context): Promise<ActionOutcome> => {
  const patterns = (Array.isArray(body['artifacts']) ? body['artifacts'] : [])
    .map((entry) => (isRecord(entry) ? entry['path'] : entry))
    .filter((entry): entry is string => typeof entry === 'string' && entry !== '' && !entry.split('/').includes('..'))
    // An absolute path elsewhere than a temporary folder is read inside the run's folder, as before.
    .map((entry) => (TEMPORARY_FOLDERS.some((folder) => entry.startsWith(folder)) ? entry : entry.replace(/^\/+/, '')));
  try {
    return await withCommandRun(context.signal, async (run) => {
      const outcome = await runScript(run, body, context, await execConnectionEnv(run, body, context));
      const artifacts = await collect(run, patterns);
      const result = { ...outcome.data, ...(artifacts.length > 0 ? { artifacts } : {}) };
      return { ok: outcome.pass, result, ...(outcome.error ? { error: outcome.error } : {}) };
    });
  } catch (error) {
    return { ok: false, result: {}, error: (error as Error).message };
  }
};
