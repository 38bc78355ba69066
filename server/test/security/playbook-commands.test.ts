import { execFileSync } from 'node:child_process';
import { chmod, mkdir, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processesOf } from '../../src/commands/processes-of-user.js';
import { playbookTest } from '../playbooks/helpers.js';
import { startGitDaemon, type GitDaemon } from '../support/git-daemon.js';
import { startGitHttpServer, type GitHttpServer } from '../support/git-http-server.js';
import { folderOutsideTemporary } from '../support/commands-folder.js';
import { manifest } from '../support/manifest.js';
import { until } from '../support/until.js';

/**
 * A playbook's exec action runs as an unprivileged user of its own, like every command users write,
 * and so does the gitops action's git: a repository's links do not lead it to the server's files.
 * Cancelling a run stops everything its running action started, even what left its process group,
 * and the action says who cancelled it.
 */

const asRoot = process.getuid?.() === 0;
const env = playbookTest();
let dir: string;
/** A file only the server's user may read, standing for its key. */
let secret: string;
/** A folder only the server's user may write in. */
let privateFolder: string;
let daemon: GitDaemon;
let gitHttp: GitHttpServer;
const GIT_PASSWORD = 'pass-of-the-git-bot-7d1f';
const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', env: { ...process.env, HOME: dir } }).trim();

beforeAll(async () => {
  dir = await folderOutsideTemporary('pharos-playbook-commands-');
  secret = path.join(dir, 'secret.key');
  await writeFile(secret, 'the-server-key\n', { mode: 0o600 });
  privateFolder = path.join(dir, 'private');
  await mkdir(privateFolder, { mode: 0o700 });
  await chmod(dir, 0o755);
  // A repository whose files are links to the server's key and to its private folder.
  const work = path.join(dir, 'work');
  git('init', '--quiet', '--initial-branch=main', work);
  await symlink(secret, path.join(work, 'values.yaml'));
  await symlink(privateFolder, path.join(work, 'deploy'));
  git('-C', work, 'add', '.');
  git('-C', work, '-c', 'user.name=Seed', '-c', 'user.email=seed@example.com', 'commit', '--quiet', '-m', 'links');
  git('init', '--quiet', '--bare', '--initial-branch=main', path.join(dir, 'links.git'));
  git('-C', work, 'push', '--quiet', path.join(dir, 'links.git'), 'main');
  daemon = await startGitDaemon(dir);
  gitHttp = await startGitHttpServer(dir, 'git-bot', GIT_PASSWORD);
});

afterAll(async () => {
  await gitHttp?.stop();
  await daemon?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Live processes whose command line is `command`, with their real user. */
function processesRunning(command: string): { pid: number; uid: number }[] {
  return execFileSync('ps', ['-eo', 'pid=,uid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null && match[3]!.trim() === command)
    .map((match) => ({ pid: Number(match[1]), uid: Number(match[2]) }));
}

describe.runIf(asRoot)('a playbook exec action', () => {
  it('runs as an unprivileged user in an empty folder of its own, with only its spec\'s environment, keeps the artifacts it wrote but no link out of its folder, and leaves nothing in /tmp', async () => {
    const id = await env.apply(
      manifest(
        'Playbook',
        { name: 'probe' },
        `actions:
  - name: probe
    exec:
      script: |
        before=$(ls -A | wc -l)
        cat ${secret} && echo READ-THE-KEY
        ln -s ${secret} stolen.txt
        left=$(mktemp /tmp/left-by-probe.XXXXXX)
        echo "uid=$(id -u) files=$before folder=$PWD left=$left env=$(env | cut -d= -f1 | grep -v -e '^_$' -e '^PWD$' -e '^SHLVL$' | sort | paste -sd, -)" | tee report.txt
      env:
        - {name: GREETING, value: hello}
      artifacts:
        - path: report.txt
        - path: stolen.txt`,
      ),
    );
    const runId = (await env.start({ id })).body.run_id!;
    const run = await env.until(runId);
    expect(run.status, JSON.stringify(run.actions)).toBe('completed');
    const result = run.actions[0]!.result as { stdout: string; stderr: string; artifacts: { path: string; content?: string }[] };
    expect(result.stdout).not.toContain('READ-THE-KEY');
    expect(result.stderr).toContain('Permission denied');
    const seen = Object.fromEntries(result.stdout.split(' ').map((pair) => pair.split('=') as [string, string]));
    expect(Number(seen['uid'])).toBeGreaterThan(0);
    expect(execFileSync('getent', ['passwd', seen['uid']!], { encoding: 'utf8' })).toMatch(/^pharos-exec-\d+:/);
    expect(seen['files']).toBe('0');
    expect(seen['env']).toBe('GREETING,HOME,LANG,PATH');
    expect(result.artifacts.map((artifact) => artifact.path)).toEqual(['report.txt']);
    await expect(stat(seen['folder']!)).rejects.toThrow(/ENOENT/);
    // What it left in /tmp went with it, so the next run given its user finds nothing.
    expect(seen['left']).toMatch(/^\/tmp\/left-by-probe\./);
    await expect(stat(seen['left']!)).rejects.toThrow(/ENOENT/);
  });

  it('is cancelled with every process it started, and says who cancelled it', async () => {
    const id = await env.apply(
      manifest(
        'Playbook',
        { name: 'long-running' },
        `actions:
  - name: wait
    exec:
      script: |
        sleep 77 &
        setsid sleep 78 &
        echo started
        wait`,
      ),
    );
    const ada = await env.server.tokenFor(['editor'], 'ada.canceller@example.com');
    await env.pool.query(`update people set name = 'Ada Lovelace' where email = 'ada.canceller@example.com'`);
    const runId = (await env.start({ id }, ada)).body.run_id!;
    const started = await until(
      async () => [...processesRunning('sleep 77'), ...processesRunning('sleep 78')],
      (found) => found.length === 2,
      { timeoutMs: 30_000 },
    );
    const uid = started[0]!.uid;
    expect(uid).toBeGreaterThan(0);

    const response = await fetch(`${env.server.url}/api/playbook/run/cancel/${runId}`, { method: 'POST', headers: { authorization: `Bearer ${ada}` } });
    expect(response.status, await response.clone().text()).toBe(200);
    const run = await env.until(runId, (view) => view.actions[0]?.status === 'cancelled' && view.actions[0].end_time !== null);
    expect(run.status).toBe('cancelled');
    expect(run.actions[0]!.error).toBe('cancelled by Ada Lovelace');
    await until(async () => [...processesRunning('sleep 77'), ...processesRunning('sleep 78')], (found) => found.length === 0, { timeoutMs: 15_000 });
    expect(await processesOf(uid)).toEqual([]);
  });

  it('gitops clones as that user: a repository only the server may read is out of its reach, and its links lead nowhere', async () => {
    const id = await env.apply(
      manifest(
        'Playbook',
        { name: 'gitops-links' },
        `actions:
  - name: server-only-repository
    gitops:
      repo: {url: "file://${path.join(dir, 'links.git')}"}
      commit: {message: x}
  - name: patch-a-link
    if: always()
    gitops:
      repo: {url: "${daemon.url}/links.git", branch: patched}
      commit: {message: x}
      patches:
        - {path: values.yaml, yq: .replicas = 3}
  - name: write-through-a-link
    if: always()
    gitops:
      repo: {url: "${daemon.url}/links.git", branch: written}
      commit: {message: x}
      files:
        - {path: deploy/planted.txt, content: planted}`,
      ),
    );
    const run = await env.until((await env.start({ id })).body.run_id!, undefined, 60_000);
    expect(run.actions.map((action) => [action.name, action.status])).toEqual([
      ['server-only-repository', 'failed'],
      ['patch-a-link', 'failed'],
      ['write-through-a-link', 'failed'],
    ]);
    // git refuses a repository of another user's (the server's): the action is not the server.
    expect(run.actions[0]!.error).toMatch(/dubious ownership|could not read|not appear to be a git repository/i);
    expect(run.actions[1]!.error).toMatch(/^patches\[0\]/);
    expect(JSON.stringify(run)).not.toContain('the-server-key');
    expect(await readdir(privateFolder)).toEqual([]);
    expect(git('--git-dir', path.join(dir, 'links.git'), 'branch', '--list')).toBe('* main');
  });

  it('gitops gives git a remote\'s password through its environment, never on a command line other users can read', async () => {
    const id = await env.apply(
      manifest(
        'Playbook',
        { name: 'gitops-password' },
        `actions:
  - name: with-fields
    gitops:
      repo: {url: "${gitHttp.url}/links.git", branch: from-fields, username: git-bot, password: ${GIT_PASSWORD}}
      commit: {message: credentials from fields}
      files:
        - {path: notes.txt, content: fields}
  - name: in-the-url
    gitops:
      repo: {url: "${gitHttp.url.replace('http://', `http://git-bot:${GIT_PASSWORD}@`)}/links.git", branch: from-url}
      commit: {message: credentials in the url}
      files:
        - {path: notes.txt, content: url}`,
      ),
    );
    // Every command line on the machine, read round after round while the action runs (a round never
    // overlaps the last: on a busy machine overlapping rounds would starve the action itself).
    const seen = new Set<string>();
    let sampling = true;
    const sampleRounds = (async () => {
      while (sampling) {
        const entries = await readdir('/proc');
        await Promise.all(entries.filter((entry) => /^\d+$/.test(entry)).map((pid) => readFile(`/proc/${pid}/cmdline`, 'utf8').then((line) => seen.add(line), () => undefined)));
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    try {
      const run = await env.until((await env.start({ id })).body.run_id!, undefined, 100_000);
      expect(run.actions.map((action) => [action.name, action.status, action.error]), JSON.stringify(run.actions)).toEqual([
        ['with-fields', 'completed', null],
        ['in-the-url', 'completed', null],
      ]);
    } finally {
      sampling = false;
      await sampleRounds;
    }
    expect([...seen].some((line) => line.includes('git'))).toBe(true);
    expect([...seen].filter((line) => line.includes(GIT_PASSWORD))).toEqual([]);
    expect(git('--git-dir', path.join(dir, 'links.git'), 'log', '-1', '--format=%s', 'from-fields')).toBe('credentials from fields');
    expect(git('--git-dir', path.join(dir, 'links.git'), 'log', '-1', '--format=%s', 'from-url')).toBe('credentials in the url');
  });
});
