import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SCRIPTS = fileURLToPath(new URL('../../../scripts/cluster/', import.meta.url));
const PROGRAMS = ['/usr/bin/patroni', '/usr/bin/etcd', '/usr/sbin/haproxy', '/usr/lib/postgresql/15/bin/postgres'];

/**
 * Why the cluster cannot be started here, or null when it can: the Debian packages are present, or
 * missing but installable (scripts/cluster/up.sh installs them as root).
 */
export function clusterUnavailable(): string | null {
  const missing = PROGRAMS.filter((program) => !existsSync(program));
  if (missing.length === 0 || process.getuid?.() === 0) return null;
  return `${missing.join(', ')} missing and not root to install patroni, etcd-server, haproxy and postgresql-15`;
}

export interface Member {
  name: string;
  role: 'leader' | 'replica' | 'sync_standby' | 'standby_leader';
  state: string;
  port: number;
  timeline?: number;
}

/** One line of Patroni's timeline history: the timeline that ended, where, why, when the next began, and its new leader. */
export type HistoryLine = [timeline: number, lsn: number, reason: string, at: string, leader?: string];

/** The cluster of scripts/cluster/up.sh: etcd, two Patroni nodes and HAProxy on loopback ports. */
export interface PatroniCluster {
  /** Pharos's database through HAProxy (always the primary). */
  databaseUrl: string;
  dir: string;
  members(): Promise<Member[]>;
  /** The leader's name once Patroni has one running, else null. */
  leader(): Promise<string | null>;
  /** kill -9 of the named node's postmaster; answers when it was sent. */
  killPostgres(member: string): Promise<Date>;
  history(): Promise<HistoryLine[]>;
  /** `patronictl restart --force`: Patroni restarts the member's PostgreSQL in place (no failover). */
  restart(member: string): Promise<void>;
  /** `patronictl list`, as an operator would read it. */
  list(): Promise<string>;
  down(): Promise<void>;
}

export async function startPatroniCluster(): Promise<PatroniCluster> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pharos-cluster-'));
  try {
    await run('bash', [path.join(SCRIPTS, 'up.sh')], { env: { ...process.env, CLUSTER_DIR: dir }, timeout: 240_000 });
  } catch (error) {
    await run('bash', [path.join(SCRIPTS, 'down.sh'), dir]).catch(() => undefined);
    const failed = error as Error & { stderr?: string };
    throw new Error(`The cluster did not start: ${failed.message}\n${failed.stderr ?? ''}`);
  }
  const env = Object.fromEntries(
    (await readFile(path.join(dir, 'cluster.env'), 'utf8'))
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  ) as Record<string, string>;
  const rest = [env['REST_PORT_1'], env['REST_PORT_2']];
  const api = async <T>(pathname: string): Promise<T> => {
    let last: unknown;
    // Either node's API answers for the whole cluster; the one whose PostgreSQL was killed may be busy.
    for (const port of rest) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}${pathname}`, { signal: AbortSignal.timeout(3_000) });
        if (response.ok) return (await response.json()) as T;
        last = new Error(`${pathname} answered ${response.status}`);
      } catch (error) {
        last = error;
      }
    }
    throw last;
  };
  const members = async () => (await api<{ members: Member[] }>('/cluster')).members;
  return {
    databaseUrl: env['DATABASE_URL']!,
    dir,
    members,
    async leader() {
      const leader = (await members()).find((member) => member.role === 'leader' && member.state === 'running');
      return leader?.name ?? null;
    },
    async killPostgres(member) {
      const pid = Number((await readFile(path.join(dir, `data${member.replace('node', '')}`, 'postmaster.pid'), 'utf8')).split('\n')[0]);
      process.kill(pid, 'SIGKILL');
      return new Date();
    },
    history: () => api<HistoryLine[]>('/history'),
    async restart(member) {
      await run('patronictl', ['-c', path.join(dir, 'node1.yml'), 'restart', 'pharos', member, '--force'], { timeout: 120_000 });
    },
    async list() {
      const { stdout } = await run('patronictl', ['-c', path.join(dir, 'node1.yml'), 'list']);
      return stdout;
    },
    async down() {
      await run('bash', [path.join(SCRIPTS, 'down.sh'), dir]);
    },
  };
}
