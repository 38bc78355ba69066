import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { isRecord } from '@pharos/core';
import { glob } from 'tinyglobby';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { gitEnvironment, gitFailure, gitRemote, type GitAccess } from '../../connections/git-access.js';
import { ForeignOrigin, targetWithin } from '../../connections/origin.js';
import type { ActionContext, ActionOutcome, ActionRunner } from './types.js';

const run = promisify(execFile);

/** A file's content that removes it (as mission-control writes it). */
const DELETE = '$delete';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const records = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter(isRecord) : []);

class GitopsError extends Error {}

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
async function applyPatch(root: string, patch: Record<string, unknown>, index: number, context: ActionContext): Promise<string[]> {
  const pattern = text(patch['path']);
  if (!pattern) throw new GitopsError(`patches[${index}].path is required`);
  const filter = text(patch['yq']) ?? text(patch['jq']);
  if (!filter) throw new GitopsError(`patches[${index}] needs a jq or yq expression`);
  const files = await glob(pattern, { cwd: root, dot: false, onlyFiles: true });
  if (files.length === 0) throw new GitopsError(`patches[${index}].path ${pattern} matches no file`);
  for (const file of files) {
    const full = inside(root, file);
    const yaml = text(patch['yq']) !== undefined || /\.ya?ml$/i.test(file);
    const source = await readFile(full, 'utf8');
    let patched: unknown;
    try {
      patched = await context.sandbox.runJq(filter, yaml ? parseYaml(source) : JSON.parse(source));
    } catch (error) {
      throw new GitopsError(`patches[${index}] on ${file}: ${(error as Error).message}`);
    }
    await writeFile(full, yaml ? stringifyYaml(patched) : `${JSON.stringify(patched, null, 2)}\n`);
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
  const folder = await mkdtemp(path.join(tmpdir(), 'pharos-gitops-'));
  let access: GitAccess | undefined;
  try {
    access = await accessOf(repo, context);
    const message = text(commit['message']);
    if (!message) throw new GitopsError('commit.message is required');
    const base = text(repo['base']) ?? 'main';
    const branch = text(repo['branch']) ?? base;
    const env = await gitEnvironment(access, folder);
    const root = path.join(folder, 'repo');
    const git = async (...args: string[]): Promise<string> => (await run('git', args, { cwd: root, env, signal: context.signal, maxBuffer: 16 * 1024 * 1024 })).stdout;
    await run('git', ['clone', '--quiet', '--depth', '1', '--branch', base, '--', gitRemote(access), root], { env, signal: context.signal });
    if (branch !== base) await git('checkout', '--quiet', '-b', branch);
    const changed: string[] = [];
    for (const [index, file] of records(body['files']).entries()) {
      const name = text(file['path']);
      if (!name) throw new GitopsError(`files[${index}].path is required`);
      const full = inside(root, name);
      if (file['content'] === DELETE) await rm(full, { force: true });
      else {
        await mkdir(path.dirname(full), { recursive: true });
        await writeFile(full, typeof file['content'] === 'string' ? file['content'] : '');
      }
      changed.push(name);
    }
    for (const [index, patch] of records(body['patches']).entries()) changed.push(...(await applyPatch(root, patch, index, context)));
    await git('add', '--all');
    if ((await git('status', '--porcelain')).trim() === '') return { ok: true, result: { branch, changed: [], committed: false, message: 'nothing to commit: the files already say this' } };
    const author = text(commit['author']) ?? 'Pharos';
    const email = text(commit['email']) ?? 'pharos@localhost';
    await git('-c', `user.name=${author}`, '-c', `user.email=${email}`, 'commit', '--quiet', '-m', message);
    const sha = (await git('rev-parse', 'HEAD')).trim();
    await git('push', '--quiet', 'origin', `HEAD:refs/heads/${branch}`);
    return {
      ok: true,
      result: { branch, commit: sha, changed: [...new Set(changed)], committed: true, ...(isRecord(body['pr']) ? { pr: 'not opened: pull requests need a GitHub or GitLab account connection, which Pharos does not open' } : {}) },
    };
  } catch (error) {
    return { ok: false, result: {}, error: error instanceof GitopsError || error instanceof ForeignOrigin ? error.message : gitFailure(error, access?.password) };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
};
