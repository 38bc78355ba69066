import path from 'node:path';
import { isRecord } from '@pharos/core';
import { glob } from 'tinyglobby';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { describeCommandFailure, withCommandRun, type CommandRequest, type CommandRun } from '../../commands/index.js';
import { withoutUrlCredentials, type GitAccess } from '../../connections/git-access.js';
import { targetWithin } from '../../connections/origin.js';
import { gitCredentials } from './git-credentials.js';
import type { ActionContext, ActionOutcome, ActionRunner } from './types.js';

/** Largest file (and git output) read from the clone. */
const MAX_READ_BYTES = 16 * 1024 * 1024;

/** A file's content that removes it (as mission-control writes it). */
const DELETE = '$delete';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const records = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter(isRecord) : []);

class GitopsError extends Error {}

/**
 * The clone, worked on only through commands of the run's own user: a file or link the repository
 * holds never makes Pharos read or write outside it.
 */
class Clone {
  constructor(
    private readonly run: CommandRun,
    readonly root: string,
    private readonly env: Record<string, string>,
    private readonly password: string | null | undefined,
  ) {}

  /** Runs a command in the clone (or where `cwd` says); its standard output, or a GitopsError with what it said. */
  async command(argv: string[], extra: Partial<CommandRequest> = {}): Promise<string> {
    const result = await this.run.run({ argv, env: this.env, cwd: this.root, keepStdoutBytes: MAX_READ_BYTES, ...extra });
    const failure = describeCommandFailure(result, argv[0]);
    if (failure || result.stdoutDropped > 0) {
      const said = (result.stopped ? failure : result.stderr.trim()) || failure || `${argv[0]} wrote more than ${MAX_READ_BYTES / 1024 / 1024} MiB`;
      // git may echo a remote with its credentials: keep them out of the error.
      throw new GitopsError(said.split(this.password || '\u0000').join('***').replace(/^fatal: /gm, ''));
    }
    return result.stdout;
  }

  git(...args: string[]): Promise<string> {
    return this.command(['git', ...args]);
  }

  read(file: string): Promise<string> {
    return this.command(['cat', '--', file]);
  }

  async write(file: string, content: string): Promise<void> {
    await this.command(['sh', '-c', 'mkdir -p -- "$(dirname -- "$1")" && cat > "$1"', 'write', file], { input: content });
  }

  async remove(file: string): Promise<void> {
    await this.command(['rm', '-f', '--', file]);
  }
}

async function accessOf(repo: Record<string, unknown>, context: ActionContext): Promise<GitAccess> {
  const reference = text(repo['connection']);
  if (reference) {
    if (!context.connection) throw new GitopsError('connections cannot be read here');
    const connection = await context.connection(reference);
    const url = targetWithin(connection, text(repo['url']), 'repo.url');
    if (!url) throw new GitopsError(`the connection ${reference} has no URL`);
    return { url, username: connection.username, password: connection.password, certificate: connection.certificate };
  }
  const url = text(repo['url']);
  if (!url) throw new GitopsError('repo.url (or repo.connection) is required');
  return { url, username: (await context.value(repo['username'])) ?? null, password: (await context.value(repo['password'])) ?? null };
}

/** A path inside the clone, never outside it. */
function inside(root: string, file: string): string {
  const resolved = path.resolve(root, file);
  if (resolved !== root && !resolved.startsWith(`${root}${path.sep}`)) throw new GitopsError(`${file} is outside the repository`);
  return resolved;
}

/** Applies one patch (`jq` over JSON files, `yq` — jq syntax — over YAML ones) to each file its `path` glob names. */
async function applyPatch(clone: Clone, patch: Record<string, unknown>, index: number, context: ActionContext): Promise<string[]> {
  const root = clone.root;
  const pattern = text(patch['path']);
  if (!pattern) throw new GitopsError(`patches[${index}].path is required`);
  const filter = text(patch['yq']) ?? text(patch['jq']);
  if (!filter) throw new GitopsError(`patches[${index}] needs a jq or yq expression`);
  const files = await glob(pattern, { cwd: root, dot: false, onlyFiles: true, followSymbolicLinks: false });
  if (files.length === 0) throw new GitopsError(`patches[${index}].path ${pattern} matches no file`);
  for (const file of files) {
    const full = inside(root, file);
    const yaml = text(patch['yq']) !== undefined || /\.ya?ml$/i.test(file);
    const source = await clone.read(full);
    let patched: unknown;
    try {
      patched = await context.sandbox.runJq(filter, yaml ? parseYaml(source) : JSON.parse(source));
    } catch (error) {
      throw new GitopsError(`patches[${index}] on ${file}: ${(error as Error).message}`);
    }
    await clone.write(full, yaml ? stringifyYaml(patched) : `${JSON.stringify(patched, null, 2)}\n`);
  }
  return files;
}

/**
 * `gitops`: clones `repo.url` (or its connection's) at `repo.base` (main), writes `files` (content
 * `$delete` removes one) and applies `patches` (jq, or yq over YAML), commits them with `commit.author`,
 * `commit.email` and `commit.message`, and pushes to `repo.branch` (the base when not given). Opening
 * a pull request (`pr`) needs a GitHub or GitLab account connection, which Pharos does not open.
 */
export const gitopsAction: ActionRunner = async (body, context): Promise<ActionOutcome> => {
  const repo = isRecord(body['repo']) ? body['repo'] : {};
  const commit = isRecord(body['commit']) ? body['commit'] : {};
  try {
    const access = await accessOf(repo, context);
    const message = text(commit['message']);
    if (!message) throw new GitopsError('commit.message is required');
    return await withCommandRun(context.signal, (run) => commitAndPush(run, withoutUrlCredentials(access), body, message, context));
  } catch (error) {
    return { ok: false, result: {}, error: (error as Error).message };
  }
};

/** Clones the repository into the run's folder, changes it, commits and pushes, all as the run's user. */
async function commitAndPush(run: CommandRun, access: GitAccess, body: Record<string, unknown>, message: string, context: ActionContext): Promise<ActionOutcome> {
  const repo = isRecord(body['repo']) ? body['repo'] : {};
  const commit = isRecord(body['commit']) ? body['commit'] : {};
  const base = text(repo['base']) ?? 'main';
  const branch = text(repo['branch']) ?? base;
  const clone = new Clone(run, path.join(run.folder, 'repo'), await gitCredentials(run, access), access.password);
  await clone.command(['git', 'clone', '--quiet', '--depth', '1', '--branch', base, '--', access.url, clone.root], { cwd: run.folder });
  if (branch !== base) await clone.git('checkout', '--quiet', '-b', branch);
  const changed: string[] = [];
  for (const [index, file] of records(body['files']).entries()) {
    const name = text(file['path']);
    if (!name) throw new GitopsError(`files[${index}].path is required`);
    const full = inside(clone.root, name);
    if (file['content'] === DELETE) await clone.remove(full);
    else await clone.write(full, typeof file['content'] === 'string' ? file['content'] : '');
    changed.push(name);
  }
  for (const [index, patch] of records(body['patches']).entries()) changed.push(...(await applyPatch(clone, patch, index, context)));
  await clone.git('add', '--all');
  if ((await clone.git('status', '--porcelain')).trim() === '') return { ok: true, result: { branch, changed: [], committed: false, message: 'nothing to commit: the files already say this' } };
  const author = text(commit['author']) ?? 'Pharos';
  const email = text(commit['email']) ?? 'pharos@localhost';
  await clone.git('-c', `user.name=${author}`, '-c', `user.email=${email}`, 'commit', '--quiet', '-m', message);
  const sha = (await clone.git('rev-parse', 'HEAD')).trim();
  await clone.git('push', '--quiet', 'origin', `HEAD:refs/heads/${branch}`);
  return {
    ok: true,
    result: { branch, commit: sha, changed: [...new Set(changed)], committed: true, ...(isRecord(body['pr']) ? { pr: 'not opened: pull requests need a GitHub or GitLab account connection, which Pharos does not open' } : {}) },
  };
}
