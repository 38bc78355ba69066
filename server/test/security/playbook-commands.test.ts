import { execFileSync } from 'node:child_process';
import { chmod, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processesOf } from '../../src/commands/processes-of-user.js';
import { playbookTest } from '../playbooks/helpers.js';
import { manifest } from '../support/manifest.js';
import { until } from '../support/until.js';

/**
 * A playbook's exec action runs as an unprivileged user of its own, like every command users write;
 * cancelling a run stops everything its running action started, even what left its process group,
 * and the action says who cancelled it.
 */

const asRoot = process.getuid?.() === 0;
const env = playbookTest();
let dir: string;
/** A file only the server's user may read, standing for its key. */
let secret: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'pharos-playbook-commands-'));
  secret = path.join(dir, 'secret.key');
  await writeFile(secret, 'the server key\n', { mode: 0o600 });
  await chmod(dir, 0o755);
});

afterAll(async () => {
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
  it('runs as an unprivileged user in an empty folder of its own, with only its spec\'s environment, and keeps the artifacts it wrote but no link out of its folder', async () => {
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
        echo "uid=$(id -u) files=$before folder=$PWD env=$(env | cut -d= -f1 | grep -v -e '^_$' -e '^PWD$' -e '^SHLVL$' | sort | paste -sd, -)" | tee report.txt
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
});
