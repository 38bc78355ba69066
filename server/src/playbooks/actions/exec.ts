import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isRecord } from '@pharos/core';
import { glob } from 'tinyglobby';
import { execCheck } from '../../health/runners/exec.js';
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

async function collect(folder: string, patterns: string[]): Promise<Artifact[]> {
  const files = patterns.length === 0 ? [] : await glob(patterns, { cwd: folder, onlyFiles: true, absolute: false });
  const artifacts: Artifact[] = [];
  for (const file of files.slice(0, MAX_ARTIFACTS)) {
    const full = path.join(folder, file);
    const { size } = await stat(full);
    if (size > MAX_ARTIFACT_BYTES) {
      artifacts.push({ path: file, size });
      continue;
    }
    const bytes = await readFile(full);
    const text = bytes.toString('utf8');
    artifacts.push(text.includes('\uFFFD') ? { path: file, size, content: bytes.toString('base64'), encoding: 'base64' } : { path: file, size, content: text });
  }
  return artifacts;
}

/**
 * `exec`: a bash script in a folder of its own (removed after), with `env`; passes when it exits 0.
 * `artifacts` (paths or globs inside that folder) are kept with the result (each up to 256 KiB).
 */
export const execAction: ActionRunner = async (body, context): Promise<ActionOutcome> => {
  const folder = await mkdtemp(path.join(tmpdir(), 'pharos-exec-'));
  try {
    const outcome = await execCheck(body, { ...context, workingDirectory: folder });
    const patterns = (Array.isArray(body['artifacts']) ? body['artifacts'] : [])
      .map((entry) => (isRecord(entry) ? entry['path'] : entry))
      .filter((entry): entry is string => typeof entry === 'string' && entry !== '' && !entry.split('/').includes('..'))
      .map((entry) => entry.replace(/^\/+/, ''));
    const artifacts = await collect(folder, patterns);
    const result = { ...outcome.data, ...(artifacts.length > 0 ? { artifacts } : {}) };
    return { ok: outcome.pass, result, ...(outcome.error ? { error: outcome.error } : {}) };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
};
