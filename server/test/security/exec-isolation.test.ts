import { execFileSync } from 'node:child_process';
import { chown, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken } from '../../src/auth/tokens.js';
import { processesOf } from '../../src/commands/processes-of-user.js';
import { runCli, spawnCli, type CliProcess } from '../support/cli.js';
import { freePort, waitForOk } from '../support/http.js';
import { freshDatabase } from '../support/server.js';
import { until } from '../support/until.js';

/**
 * An editor's exec check, applied over HTTP to a real `pharos serve` with its own data folder, runs as
 * an unprivileged OS user of its own: it cannot read the server's key, the embedded database's
 * password, the server's environment or another process's, so it cannot reach the database to make
 * its author an administrator. Its folder is empty at start and gone after, and CPU, memory, process
 * and output limits stop scripts that would take the machine.
 */

const asRoot = process.getuid?.() === 0;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pharos-exec-isolation-'));
let server: CliProcess | undefined;
let base = '';
let editor = '';
let editorId = '';

interface RunNow {
  status: string | null;
  output: string | null;
  error: string | null;
}

/** What the probe script prints on its last line: `key=value` pairs. */
function fields(line: string | null): Record<string, string> {
  return Object.fromEntries((line ?? '').split(' ').map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
}

async function apply(yaml: string, url = base, token = editor): Promise<void> {
  const response = await fetch(`${url}/api/apply`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/yaml' }, body: yaml });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function runNow(canary: string, check: string, url = base, token = editor): Promise<RunNow> {
  // A canary's checks follow it as soon as the engine hears it was saved.
  const [found] = await until(
    async () => {
      const listed = await fetch(`${url}/api/db/checks?select=id,name,canaries!inner(name)&canaries.name=eq.${canary}&name=eq.${check}`, { headers: { authorization: `Bearer ${token}` } });
      expect(listed.status, await listed.clone().text()).toBe(200);
      return (await listed.json()) as { id: string }[];
    },
    (checks) => checks.length === 1,
    { timeoutMs: 30_000 },
  );
  const response = await fetch(`${url}/api/canary/run/check/${found!.id}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as RunNow;
}

/** The OS user name of a uid, from the system's user database. */
const userName = (uid: string): string => execFileSync('getent', ['passwd', uid], { encoding: 'utf8' }).split(':')[0] ?? '';

beforeAll(async () => {
  if (!asRoot) return;
  const port = await freePort();
  server = spawnCli(['serve'], { PHAROS_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
  base = `http://127.0.0.1:${port}`;
  try {
    await waitForOk(`${base}/api/health`, 90_000);
  } catch (error) {
    throw new Error(`${(error as Error).message}\nstderr: ${server.stderr()}`);
  }
  const created = await runCli(['token', 'create', '--email', 'editor@example.com', '--role', 'editor'], { PHAROS_DATA_DIR: dataDir });
  expect(created.code, created.stderr).toBe(0);
  editor = created.stdout.trimEnd().split('\n').at(-1) ?? '';
  const whoami = (await (await fetch(`${base}/api/auth/whoami`, { headers: { authorization: `Bearer ${editor}` } })).json()) as { user: { id: string } };
  editorId = whoami.user.id;
});

afterAll(async () => {
  server?.child.kill('SIGINT');
  if (server) await until(async () => server!.child.exitCode !== null || server!.child.signalCode !== null, Boolean, { timeoutMs: 30_000 }).catch(() => server?.child.kill('SIGKILL'));
  await rm(dataDir, { recursive: true, force: true });
});

// Switching to another OS user needs root; as a normal user exec is refused (see commands' unit tests).
describe.runIf(asRoot)('commands users write', () => {
  it('run as an unprivileged user of their own that reads none of the server\'s secrets and cannot make its author an administrator', async () => {
    const probe = String.raw`
found=""
cat "$DATA/secret.key" >/dev/null 2>&1 && found="$found,secret.key"
cat "$DATA/postgres.json" >/dev/null 2>&1 && found="$found,postgres.json"
ls "$DATA" >/dev/null 2>&1 && found="$found,data-folder"
tr '\0' '\n' </proc/1/environ 2>/dev/null | grep -q . && found="$found,pid-1-environment"
tr '\0' '\n' <"/proc/$SERVER/environ" 2>/dev/null | grep -q . && found="$found,server-environment"
PASSWORD=$(sed -n 's/.*"password": *"\([^"]*\)".*/\1/p' "$DATA/postgres.json" 2>/dev/null)
"$NODE" -e '
  const pg = require(process.env.PG_MODULE);
  const client = new pg.Client({ host: "127.0.0.1", port: Number(process.env.DB_PORT), user: "pharos", password: process.env.PASSWORD, database: "pharos" });
  client.connect()
    .then(() => client.query("insert into person_roles (person_id, role) values ($1, $2)", [process.env.EDITOR, "admin"]))
    .then(() => { console.log("connected"); process.exit(0); }, () => process.exit(1));
' >/dev/null 2>&1 && found="$found,database"
[ -n "$found" ] || found=nothing
echo "uid=$(id -u) home=$HOME cwd=$(pwd) files=$(ls -A | wc -l) read=$found env=$(env | cut -d= -f1 | grep -v -e '^_$' -e '^PWD$' -e '^SHLVL$' | sort | paste -sd, -)"
`;
    const databasePort = (await readFile(path.join(dataDir, 'postgres.port'), 'utf8')).trim();
    await apply(`apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: probe
spec:
  exec:
    - name: probe
      script: ${JSON.stringify(probe)}
      env:
        - {name: DATA, value: ${JSON.stringify(dataDir)}}
        - {name: SERVER, value: "${server!.child.pid}"}
        - {name: NODE, value: ${JSON.stringify(process.execPath)}}
        - {name: PG_MODULE, value: ${JSON.stringify(path.dirname(createRequire(import.meta.url).resolve('pg/package.json')))}}
        - {name: DB_PORT, value: "${databasePort}"}
        - {name: EDITOR, value: "${editorId}"}
`);
    const result = await runNow('probe', 'probe');
    expect(result.error).toBeNull();
    const seen = fields(result.output);
    expect(Number(seen['uid'])).toBeGreaterThan(0);
    expect(userName(seen['uid']!)).toMatch(/^pharos-exec-\d+$/);
    expect(seen['read']).toBe('nothing');
    expect(seen['home']).toBe(seen['cwd']);
    expect(seen['files']).toBe('0');
    expect(seen['env']).toBe('DATA,DB_PORT,EDITOR,HOME,LANG,NODE,PATH,PG_MODULE,SERVER');
    // The folder went with the run.
    await expect(stat(seen['cwd']!)).rejects.toThrow(/ENOENT/);

    // The data folder and its secrets are closed to other users.
    expect((await stat(dataDir)).mode & 0o007).toBe(0);
    expect((await stat(path.join(dataDir, 'secret.key'))).mode & 0o077).toBe(0);
    expect((await stat(path.join(dataDir, 'postgres.json'))).mode & 0o077).toBe(0);

    const credentials = JSON.parse(await readFile(path.join(dataDir, 'postgres.json'), 'utf8')) as { user: string; password: string };
    const database = new pg.Client({ host: '127.0.0.1', port: Number(databasePort), user: credentials.user, password: credentials.password, database: 'pharos' });
    await database.connect();
    try {
      const { rows } = await database.query<{ role: string }>('select role from person_roles where person_id = $1', [editorId]);
      expect(rows.map((row) => row.role)).toEqual(['editor']);
    } finally {
      await database.end();
    }
  });

  it('stop a fork bomb, a memory hog and endless output at their limits with a message that says which, and leave no process behind', async () => {
    await apply(`apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: greedy
spec:
  exec:
    - name: fork-bomb
      script: 'bomb() { bomb | bomb & }; bomb; sleep 3'
    - name: memory-hog
      script: python3 -c 'bytearray(4 * 1024 ** 3)'
    - name: endless-output
      script: 'yes'
`);
    const bomb = await runNow('greedy', 'fork-bomb');
    expect(bomb.status).toBe('unhealthy');
    expect(bomb.error).toMatch(/it started more than its 128 processes/);
    const hog = await runNow('greedy', 'memory-hog');
    expect(hog.status).toBe('unhealthy');
    expect(hog.error).toMatch(/^exit status 1: it needed more than its 1 GiB of memory: MemoryError/);
    const endless = await runNow('greedy', 'endless-output');
    expect(endless.status).toBe('unhealthy');
    expect(endless.error).toMatch(/^the script was stopped: it wrote more than 64 MiB of output beyond the 64 KiB kept \(standard output was cut at 64 KiB/);

    // Nothing of these runs is left: no process of a pharos-exec user runs their scripts (other test
    // files and other Pharos processes of this machine run commands of their own as those users).
    const users = execFileSync('getent', ['passwd'], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.startsWith('pharos-exec-'))
      .map((line) => Number(line.split(':')[2]));
    expect(users.length).toBeGreaterThan(0);
    const left: string[] = [];
    for (const uid of users) {
      for (const pid of await processesOf(uid)) {
        const command = (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).replace(/\0/g, ' ').trim();
        if (/bomb|bytearray|^yes\b/.test(command)) left.push(`${pid} ${command}`);
      }
    }
    expect(left).toEqual([]);
  });
});

/** The unprivileged account every Linux system has. */
const NOBODY = { uid: 65534, gid: 65534 };

/** `pharos serve` as nobody on `databaseUrl`, answering on its URL. */
async function serveAsNobody(databaseUrl: string, home: string, extra: Record<string, string> = {}): Promise<{ server: CliProcess; url: string }> {
  const port = await freePort();
  const nobody = spawnCli(
    ['serve'],
    { DATABASE_URL: databaseUrl, PHAROS_DATA_DIR: path.join(home, 'data'), HOME: home, PORT: String(port), HOST: '127.0.0.1', PHAROS_SECRET_KEY: 'a key of the server that runs as nobody, long enough', ...extra },
    NOBODY,
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForOk(`${url}/api/health`, 90_000);
  } catch (error) {
    nobody.child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\nstderr: ${nobody.stderr()}`);
  }
  return { server: nobody, url };
}

describe.runIf(asRoot)('where Pharos cannot switch to another OS user', () => {
  it('exec work is refused with the reason and the setting that allows it, and runs as Pharos\'s own user once allowed', async () => {
    const database = await freshDatabase();
    const home = await mkdtemp(path.join(os.tmpdir(), 'pharos-exec-refused-'));
    await chown(home, NOBODY.uid, NOBODY.gid);
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    const servers: CliProcess[] = [];
    try {
      const refusing = await serveAsNobody(database.url, home);
      servers.push(refusing.server);
      const token = await createToken(pool, { email: 'nobody-editor@example.com', roles: ['editor'] });
      await apply(
        `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: refused
spec:
  exec:
    - name: whoami
      script: id -u
`,
        refusing.url,
        token,
      );
      expect(await runNow('refused', 'whoami', refusing.url, token)).toMatchObject({
        status: 'unhealthy',
        error: 'exec is disabled: Pharos runs as uid 65534 and cannot switch to an unprivileged user; set PHAROS_EXEC_UNISOLATED=true to allow it',
      });

      const allowing = await serveAsNobody(database.url, home, { PHAROS_EXEC_UNISOLATED: 'true' });
      servers.push(allowing.server);
      expect(await runNow('refused', 'whoami', allowing.url, token)).toMatchObject({ status: 'healthy', output: String(NOBODY.uid), error: null });
    } finally {
      for (const server of servers) server.child.kill('SIGKILL');
      await pool.end();
      await database.drop().catch(() => undefined);
      await rm(home, { recursive: true, force: true });
    }
  });
});
