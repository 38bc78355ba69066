import type pg from 'pg';
import { EVENTS_CHANNEL } from '../../events/types.js';
import type { Logger } from '../../logger.js';
import type { ServerSecrets } from '../../secrets/server-secrets.js';
import { periodicLoop, type AgentLoop } from './loop.js';
import { syncOwnCluster } from './own-cluster.js';
import { pushAllTables } from './push-tables.js';
import { storePulled } from './store-pulled.js';
import { UpstreamClient } from './upstream-client.js';

export interface AgentRuntimeOptions {
  pool: pg.Pool;
  logger: Logger;
  upstreamUrl: string;
  token: string;
  /** How often to pull and push when nothing nudges (PHAROS_AGENT_SYNC_INTERVAL, default a minute). */
  intervalMs: number;
  /** The server's key: the agent keeps its KUBECONFIG's content in its secret store for its own cluster scrape. */
  secrets: ServerSecrets;
  /** Where KUBECONFIG is read from (the process's environment). */
  env?: NodeJS.ProcessEnv;
  /**
   * More loops to run beside push and pull, started and stopped with them (playbook actions that
   * run on this agent plug in here).
   */
  extraLoops?: (context: { pool: pg.Pool; logger: Logger; upstream: UpstreamClient }) => AgentLoop[];
}

export interface AgentRuntime {
  loops: readonly AgentLoop[];
  stop(): Promise<void>;
}

/** Pushes at once when the database says something changed, as well as every interval. */
async function listenForChanges(pool: pg.Pool, logger: Logger, onChange: () => void): Promise<() => Promise<void>> {
  const client = await pool.connect();
  client.on('notification', onChange);
  client.on('error', (error) => logger.warn({ err: error }, 'The agent stopped listening for changes; it still pushes every interval'));
  await client.query(`listen ${EVENTS_CHANNEL}`);
  return async () => {
    await client.query(`unlisten ${EVENTS_CHANNEL}`).catch(() => undefined);
    client.release();
  };
}

/** Pharos as an agent: pulls its assigned specs from upstream and pushes what it produced. */
export async function startAgentRuntime(options: AgentRuntimeOptions): Promise<AgentRuntime> {
  const { pool, logger } = options;
  const upstream = new UpstreamClient(options.upstreamUrl, options.token);
  let etag: string | null = null;
  const pull = periodicLoop('pull', options.intervalMs, logger, async () => {
    const pulled = await upstream.pull(etag);
    if (!pulled) return;
    await storePulled(pool, pulled.answer);
    await syncOwnCluster(pulled.answer.kubernetes, { pool, logger, secrets: options.secrets, env: options.env ?? process.env });
    etag = pulled.etag;
    logger.info({ canaries: pulled.answer.canaries.length, scrapers: pulled.answer.config_scrapers.length, topologies: pulled.answer.topologies.length }, 'Pulled the specs upstream assigns to this agent');
  });
  const push = periodicLoop('push', options.intervalMs, logger, async () => {
    const sent = await pushAllTables({ pool, upstream, logger });
    if (Object.keys(sent).length > 0) logger.debug({ sent }, 'Pushed to upstream');
  });
  const loops: AgentLoop[] = [pull, push, ...(options.extraLoops?.({ pool, logger, upstream }) ?? [])];
  const unlisten = await listenForChanges(pool, logger, () => push.nudge());
  for (const loop of loops) loop.start();
  logger.info({ upstream: options.upstreamUrl }, 'Pharos runs as an agent: pulling its specs from upstream and pushing its results');
  return {
    loops,
    async stop() {
      await unlisten();
      await Promise.all(loops.map((loop) => loop.stop()));
    },
  };
}
