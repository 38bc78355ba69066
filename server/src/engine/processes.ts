import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

export interface ProcessRegistryOptions {
  pool: pg.Pool;
  logger: FastifyBaseLogger;
  /** How often this process says it is alive, and looks for processes that stopped saying so. */
  heartbeatMs: number;
  /** Silence after which a process counts as dead: its jobs are unlocked for the others. */
  deadAfterMs: number;
  /** Called with this process's workers when its heartbeat reaches the database again after failing. */
  onBack?: (workerIds: readonly string[]) => Promise<void>;
}

/**
 * The server processes sharing the work. graphile-worker only frees the jobs of a process that died
 * after four hours; here each process beats every few seconds, and any process that sees another
 * stay silent past `deadAfterMs` removes it and unlocks its workers' jobs, which the living then run.
 */
export class ProcessRegistry {
  readonly id = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  private readonly workerIds = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> | undefined;
  /** Since when this process's heartbeats have reached the database without a failure (0: none failed yet). */
  private reachingSince = 0;

  constructor(private readonly options: ProcessRegistryOptions) {}

  async start(): Promise<void> {
    await this.options.pool.query('insert into engine_processes (id, hostname, pid) values ($1, $2, $3)', [this.id, hostname(), process.pid]);
    this.timer = setInterval(() => this.beat(), this.options.heartbeatMs);
  }

  /** Records a worker (or worker pool) before it locks a job, so its locks can be released if this process dies. */
  async addLockHolder(id: string): Promise<void> {
    this.workerIds.add(id);
    await this.options.pool.query('update engine_processes set worker_ids = array_append(worker_ids, $2) where id = $1', [this.id, id]);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.beating;
    await this.options.pool.query('delete from engine_processes where id = $1', [this.id]);
  }

  private beat(): void {
    if (this.beating) return;
    this.beating = this.beatOnce()
      .catch((error: unknown) => {
        this.reachingSince = Number.POSITIVE_INFINITY;
        this.options.logger.warn({ err: error }, 'engine heartbeat failed');
      })
      .finally(() => {
        this.beating = undefined;
      });
  }

  private async beatOnce(): Promise<void> {
    const { pool, deadAfterMs } = this.options;
    // A process removed as dead (a long pause) comes back with all its workers.
    await pool.query(
      `insert into engine_processes (id, hostname, pid, worker_ids) values ($1, $2, $3, $4)
       on conflict (id) do update set heartbeat_at = now(), worker_ids = excluded.worker_ids`,
      [this.id, hostname(), process.pid, [...this.workerIds]],
    );
    if (this.reachingSince === Number.POSITIVE_INFINITY) {
      this.reachingSince = Date.now();
      await this.options.onBack?.([...this.workerIds]);
    }
    // After an outage of the database every process's heartbeat is old: a process judges the others
    // only once it has itself beaten for as long as silence takes to mean death, so that the living
    // have beaten again by then and none of their jobs is handed out twice.
    if (Date.now() - this.reachingSince < deadAfterMs) return;
    const { rows } = await pool.query<{ id: string; unlocked: string[] }>(
      `with dead as (
         delete from engine_processes where heartbeat_at < now() - make_interval(secs => $1::double precision / 1000)
         returning id, worker_ids
       )
       select id, worker_ids as unlocked from dead, lateral (select graphile_worker.force_unlock_workers(worker_ids)) unlock`,
      [deadAfterMs],
    );
    for (const row of rows) this.options.logger.warn({ process: row.id, workers: row.unlocked.length }, 'a server process stopped answering: its jobs are released');
  }
}
