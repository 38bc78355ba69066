import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

interface Member {
  name: string;
  role: string;
  state: string;
}

/** The cluster of scripts/cluster/up.sh, as the benchmark drives it. */
export class BenchCluster {
  private constructor(
    readonly dir: string,
    private readonly rootDir: string,
    readonly databaseUrl: string,
    private readonly restPorts: string[],
  ) {}

  static async start(rootDir: string): Promise<BenchCluster> {
    const dir = await mkdtemp(path.join(tmpdir(), 'pharos-bench-cluster-'));
    await run('bash', [path.join(rootDir, 'scripts/cluster/up.sh')], { env: { ...process.env, CLUSTER_DIR: dir }, timeout: 300_000 });
    const env = new Map(
      (await readFile(path.join(dir, 'cluster.env'), 'utf8'))
        .split('\n')
        .filter((line) => line.includes('='))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as const),
    );
    return new BenchCluster(dir, rootDir, env.get('DATABASE_URL')!, [env.get('REST_PORT_1')!, env.get('REST_PORT_2')!]);
  }

  private async api<T>(pathname: string): Promise<T | null> {
    for (const port of this.restPorts) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}${pathname}`, { signal: AbortSignal.timeout(3_000) });
        if (response.ok) return (await response.json()) as T;
      } catch {
        // the other node may answer
      }
    }
    return null;
  }

  async members(): Promise<Member[]> {
    return (await this.api<{ members: Member[] }>('/cluster'))?.members ?? [];
  }

  async leader(): Promise<string | null> {
    return (await this.members()).find((member) => member.role === 'leader' && member.state === 'running')?.name ?? null;
  }

  /** When the newest timeline began (Patroni's promotion of a new leader), or null before any failover. */
  async lastPromotion(): Promise<Date | null> {
    const history = (await this.api<[number, number, string, string, string?][]>('/history')) ?? [];
    const last = history.at(-1);
    return last ? new Date(last[3]) : null;
  }

  async killPostgres(member: string): Promise<Date> {
    const pid = Number((await readFile(path.join(this.dir, `data${member.replace('node', '')}`, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    process.kill(pid, 'SIGKILL');
    return new Date();
  }

  async down(): Promise<void> {
    await run('bash', [path.join(this.rootDir, 'scripts/cluster/down.sh'), this.dir]);
  }
}
