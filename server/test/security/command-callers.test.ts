import { execFileSync } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { readExec } from '../../src/catalog/kinds/exec.js';
import { KIND_READERS } from '../../src/catalog/kinds/index.js';
import { execAction } from '../../src/playbooks/actions/exec.js';
import { gitopsAction } from '../../src/playbooks/actions/gitops.js';
import { ACTION_RUNNERS } from '../../src/playbooks/actions/index.js';
import { catalogTest } from '../catalog/helpers.js';
import { runSpec } from '../health/canary-runs.js';

/**
 * Every kind of command users write (exec checks and the topology's exec lookups, which run them,
 * junit commands, exec scrapers, playbook exec and gitops actions) goes through the one module that
 * runs user commands isolated; here the junit check and the exec scraper show it, and no other
 * module of the server starts processes but for its own fixed tools.
 */

const asRoot = process.getuid?.() === 0;
const env = catalogTest('pharos-command-callers-');
const SOURCES = fileURLToPath(new URL('../../src/', import.meta.url));
/** A file only the server's user may read. */
let secret: string;

beforeAll(async () => {
  secret = path.join(env.dir, 'secret.xml');
  await writeFile(secret, '<testsuite name="the-server-secret"><testcase name="t"/></testsuite>\n', { mode: 0o600 });
});

const isExecUser = (uid: string): boolean => /^pharos-exec-\d+:/.test(execFileSync('getent', ['passwd', uid], { encoding: 'utf8' }));

async function sourceFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true });
  return entries.filter((entry) => entry.endsWith('.ts') && !entry.endsWith('.test.ts')).map((entry) => path.join(folder, entry));
}

describe('the callers of user commands', () => {
  it('are the runners of exec, junit, exec lookups, exec scrapers and exec and gitops actions, each built on commands/', async () => {
    // The check runners are loaded on first use: the map names the module and the runner it takes from it.
    const runners = await readFile(path.join(SOURCES, 'health/runners/index.ts'), 'utf8');
    expect(runners).toMatch(/exec: runner\(\(\) => import\('\.\/exec\.js'\)\.then\(\(module\) => module\.execCheck\)\)/);
    expect(runners).toMatch(/junit: runner\(\(\) => import\('\.\/junit\.js'\)\.then\(\(module\) => module\.junitCheck\)\)/);
    expect(KIND_READERS['exec']).toBe(readExec);
    expect(ACTION_RUNNERS.exec).toBe(execAction);
    expect(ACTION_RUNNERS.gitops).toBe(gitopsAction);
    const lookup = await readFile(path.join(SOURCES, 'topology/engine/lookup.ts'), 'utf8');
    expect(lookup).toMatch(/CHECK_RUNNERS\[type\]/);
    for (const caller of ['health/runners/exec.ts', 'health/runners/junit.ts', 'catalog/kinds/exec.ts', 'playbooks/actions/exec.ts', 'playbooks/actions/gitops.ts']) {
      const source = await readFile(path.join(SOURCES, caller), 'utf8');
      expect(source, caller).toMatch(/from '\.\.\/\.\.\/commands\/index\.js'/);
      expect(source, caller).not.toMatch(/node:child_process/);
    }
  });

  it('are the only code that starts processes with what users wrote; the rest starts only the server\'s own tools', async () => {
    // Each of these runs a fixed program with arguments it checked: the embedded PostgreSQL, id/useradd, ping, smbclient,
    // git ls-remote, and the server's own expression and parse processes (which take what users wrote as data, not commands).
    const ownTools = ['commands/', 'db/embedded', 'workers/pool-child.ts', 'health/runners/icmp.ts', 'connections/testers/git.ts', 'connections/testers/smb.ts'];
    const spawning: string[] = [];
    for (const file of await sourceFiles(SOURCES)) {
      const relative = path.relative(SOURCES, file);
      if ((await readFile(file, 'utf8')).includes('node:child_process') && !ownTools.some((tool) => relative.startsWith(tool))) spawning.push(relative);
    }
    expect(spawning).toEqual([]);
  });
});

describe.runIf(asRoot)('user commands of every kind', () => {
  it('a junit check runs as an unprivileged user, and results it links to a file of the server\'s are not read', async () => {
    const statuses = await runSpec(env.server, env.sandbox!, 'junit-as-user', {
      junit: [
        {
          name: 'who',
          testResults: 'results',
          script: `mkdir results && echo "<testsuite name=\\"uid-$(id -u)\\"><testcase name=\\"t\\"/></testsuite>" > results/who.xml`,
        },
        { name: 'linked', testResults: 'results', script: `mkdir results && ln -s ${secret} results/leak.xml` },
      ],
    });
    const suites = (statuses['who']!.detail as { suites: { name: string }[] }).suites;
    expect(suites).toHaveLength(1);
    expect(isExecUser(suites[0]!.name.replace('uid-', ''))).toBe(true);
    expect(statuses['linked']!.status).toBe(false);
    expect(JSON.stringify(statuses['linked'])).not.toContain('the-server-secret');
  });

  it('an exec scraper runs as an unprivileged user and cannot read the server\'s files', async () => {
    await env.apply(`apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: who-scrapes
spec:
  exec:
    - type: Probe::Uid
      id: $.id
      name: $.id
      script: |
        printf '{"id": "probe", "uid": "%s", "read": "%s"}' "$(id -u)" "$(cat ${secret} >/dev/null 2>&1 && echo read || echo denied)"
`);
    const run = await env.run(await env.scraperId('who-scrapes'));
    expect(run.errors).toEqual([]);
    const { rows } = await env.server.pool.query<{ config: { uid: string; read: string } }>("select config from configs where type = 'Probe::Uid' and name = 'probe'");
    expect(isExecUser(rows[0]!.config.uid)).toBe(true);
    expect(rows[0]!.config.read).toBe('denied');
  });
});
