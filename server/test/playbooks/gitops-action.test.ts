import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { startGitDaemon, type GitDaemon } from '../support/git-daemon.js';
import { playbookTest } from './helpers.js';

/**
 * The gitops action against a bare repository served by git's own daemon (a real git remote): clone,
 * write and delete files, patch YAML with yq and JSON with jq, commit as the given author and push to
 * a new branch.
 */

const env = playbookTest();
let dir: string;
let bare: string;
let daemon: GitDaemon;
const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', env: { ...process.env, HOME: dir } }).trim();

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pharos-gitops-test-'));
  bare = path.join(dir, 'infra.git');
  const work = path.join(dir, 'work');
  git('init', '--quiet', '--bare', '--initial-branch=main', bare);
  git('init', '--quiet', '--initial-branch=main', work);
  await writeFile(path.join(work, 'deploy.yaml'), 'kind: Deployment\nspec:\n  replicas: 2\n  image: shop:1\n');
  await writeFile(path.join(work, 'config.json'), '{"level": "info", "port": 8080}\n');
  await writeFile(path.join(work, 'README.md'), 'old notes\n');
  git('-C', work, 'add', '.');
  git('-C', work, '-c', 'user.name=Seed', '-c', 'user.email=seed@example.com', 'commit', '--quiet', '-m', 'first');
  git('-C', work, 'push', '--quiet', bare, 'main');
  daemon = await startGitDaemon(dir);
});

afterAll(async () => {
  await daemon?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the gitops action', () => {
  it('commits templated files and jq/yq patches as the given author and pushes them to a branch', async () => {
    const id = await env.apply(`apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: scale-in-git
spec:
  parameters:
    - name: replicas
      default: "5"
  actions:
    - name: commit
      gitops:
        repo:
          url: ${daemon.url}/infra.git
          base: main
          branch: scale-{{.params.replicas}}
        commit:
          author: Pharos Bot
          email: bot@example.com
          message: "Scale shop to {{.params.replicas}}"
        files:
          - path: notes/{{.playbook.name}}.md
            content: "scaled by {{.playbook.name}}"
          - path: README.md
            content: $delete
        patches:
          - path: deploy.yaml
            yq: .spec.replicas = {{.params.replicas}}
          - path: "*.json"
            jq: '.level = "debug"'`);
    const run = await env.until((await env.start({ id })).body.run_id!);
    expect(run.status, JSON.stringify(run.actions)).toBe('completed');
    expect(run.actions[0]!.result).toMatchObject({ branch: 'scale-5', committed: true, changed: ['notes/scale-in-git.md', 'README.md', 'deploy.yaml', 'config.json'] });

    expect(git('--git-dir', bare, 'log', '-1', '--format=%an <%ae> %s', 'scale-5')).toBe('Pharos Bot <bot@example.com> Scale shop to 5');
    expect(git('--git-dir', bare, 'rev-parse', 'scale-5')).toBe(run.actions[0]!.result!['commit']);
    expect(parseYaml(git('--git-dir', bare, 'show', 'scale-5:deploy.yaml'))).toEqual({ kind: 'Deployment', spec: { replicas: 5, image: 'shop:1' } });
    expect(JSON.parse(git('--git-dir', bare, 'show', 'scale-5:config.json'))).toEqual({ level: 'debug', port: 8080 });
    expect(git('--git-dir', bare, 'show', 'scale-5:notes/scale-in-git.md')).toBe('scaled by scale-in-git');
    expect(git('--git-dir', bare, 'ls-tree', '--name-only', 'scale-5')).not.toContain('README.md');
    expect(git('--git-dir', bare, 'log', '-1', '--format=%s', 'main')).toBe('first');
  });

  it('fails with git’s reason for a repository that is not there, and with the patch’s for a bad expression', async () => {
    const id = await env.apply(`apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: broken-gitops
spec:
  actions:
    - name: missing-repo
      gitops:
        repo: {url: "${daemon.url}/nothing.git"}
        commit: {message: x}
    - name: bad-patch
      if: always()
      gitops:
        repo: {url: "${daemon.url}/infra.git", branch: broken}
        commit: {message: x}
        patches:
          - path: config.json
            jq: .level = 
`);
    const run = await env.until((await env.start({ id })).body.run_id!);
    expect(run.actions.map((action) => action.status)).toEqual(['failed', 'failed']);
    expect(run.actions[0]!.error).toMatch(/nothing\.git/);
    expect(run.actions[1]!.error).toMatch(/^patches\[0\] on config\.json: /);
  });
});
