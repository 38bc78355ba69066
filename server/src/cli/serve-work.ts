import type pg from 'pg';
import type { Registry } from 'prom-client';
import { registerOidcRecheck } from '../auth/identity/oidc/register.js';
import { loadIdentityConfig } from '../auth/identity/config.js';
import { createSetupToken } from '../auth/identity/setup.js';
import { loadEngineConfig } from '../engine/config.js';
import { Engine } from '../engine/engine.js';
import type { ExpressionSandbox } from '../expressions/sandbox.js';
import { checkStatusRetention, CHECK_STATUS_RETENTION } from '../health/retention.js';
import { canaryRunJob } from '../health/run-canary.js';
import { slaReportMailJob } from '../reports/sla/mail-job.js';
import { saveSchedule } from '../engine/schedules.js';
import { canaryChangedHandler } from '../health/sync.js';
import { prepareSummaryBuilder } from '../health/summary-builder.js';
import { keepMeasured } from '../health/summary-cache.js';
import { Followers } from '../catalog/followers.js';
import { registerCatalog } from '../catalog/register.js';
import { registerTopology } from '../topology/engine/register.js';
import { registerPlaybooks } from '../playbooks/register.js';
import { registerIncidents } from '../incidents/register.js';
import { registerNotifications } from '../notifications/register.js';
import { deliveryConfig } from '../notifications/config.js';
import { registerResponders } from '../incidents/responders/register.js';
import { recordServedPort } from '../system/served-port.js';
import type { AgentConfig } from '../agents/runtime/agent-config.js';
import { startAgentRuntime } from '../agents/runtime/agent-runtime.js';
import { playbookActionAgentLoop } from '../agents/runtime/playbook-action-agent-loop.js';
import type { Logger } from '../logger.js';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import type { Shutdown } from './shutdown.js';

const HOUR_MS = 3_600_000;

export interface ServeWorkOptions {
  pool: pg.Pool;
  logger: Logger;
  metrics: Registry;
  secrets: ServerSecrets;
  sandbox: ExpressionSandbox;
  /** Where each part registers how it stops; run before the HTTP server stops. */
  shutdown: Shutdown;
  /** Aborted when the process begins to shut down: what has not started yet is not started. */
  stopping: AbortSignal;
  /** Running jobs get this long to finish on shutdown. */
  shutdownGraceMs: number;
  /** The address the server answers on, for the setup link. */
  host: string;
  port: number;
  /** Set when this process is an agent of an upstream Pharos. */
  agent: AgentConfig | null;
}

/** Stops the start when the process began to shut down meanwhile. */
function stillStarting(stopping: AbortSignal): void {
  if (stopping.aborted) throw new Error('The server began to shut down before it finished starting');
}

/**
 * What `pharos serve` runs once it answers: the job runner with every job and event handler, the
 * schedules, the health summary kept warm, the setup link and, for an agent, its sync with upstream.
 */
export async function startServeWork(options: ServeWorkOptions): Promise<void> {
  const { pool, logger, metrics, secrets, sandbox, shutdown, stopping } = options;
  await recordServedPort(pool, options.port);
  const engine = new Engine({ pool, logger, metrics, config: { ...loadEngineConfig(), shutdownGraceMs: options.shutdownGraceMs }, events: { discardUnconsumed: true } });
  shutdown.add('engine', () => engine.stop());
  engine.define(canaryRunJob({ pool, sandbox, secrets }));
  engine.events.on(['canary.changed'], canaryChangedHandler(pool, secrets));
  engine.define(checkStatusRetention(pool));
  engine.define(slaReportMailJob(pool, loadIdentityConfig()));
  const followers = new Followers();
  shutdown.add('kubernetes watches', async () => followers.stopAll());
  registerCatalog(engine, { pool, secrets, sandbox, followers });
  registerTopology(engine, { pool, secrets, sandbox });
  registerPlaybooks(engine, { pool, secrets, sandbox });
  await registerIncidents(engine, { pool, sandbox });
  shutdown.add('notifications', registerNotifications(engine, { pool, secrets, sandbox, logger, delivery: deliveryConfig() }).stop);
  await registerResponders(engine, { pool, secrets });
  await registerOidcRecheck(engine, { pool, secrets, logger, oidc: loadIdentityConfig().oidc });
  stillStarting(stopping);
  await engine.start();
  stillStarting(stopping);
  await saveSchedule(pool, {
    key: `system:${CHECK_STATUS_RETENTION}`,
    task: CHECK_STATUS_RETENTION,
    schedule: '@every 1h',
    history: { name: CHECK_STATUS_RETENTION, resourceType: 'system', resourceName: 'check history' },
  });
  // The dashboard opens on the last hour: its uptime and latency are measured before anyone asks, and kept fresh.
  const measuring = new AbortController();
  shutdown.add('health summary', async () => measuring.abort());
  void keepMeasured(pool, [HOUR_MS], measuring.signal, (error) => logger.warn({ err: error }, 'Could not measure the uptime and latency of checks'));
  prepareSummaryBuilder(pool);
  const { agent } = options;
  if (agent) {
    const playbookActions = playbookActionAgentLoop({ upstreamUrl: agent.upstreamUrl, token: agent.token, sandbox, secrets, logger, pool });
    const agentRuntime = await startAgentRuntime({ pool, logger, secrets, ...agent, extraLoops: () => [playbookActions] });
    shutdown.add('agent sync', () => agentRuntime.stop());
  }
  const setupToken = await createSetupToken(pool);
  if (setupToken) {
    const base = loadIdentityConfig().publicUrl ?? `http://${displayHost(options.host)}:${options.port}`;
    const link = `${base}/registration?setup_token=${setupToken}`;
    logger.info({ setup_url: link }, 'No account exists yet: open the setup link to create the first administrator');
    process.stdout.write(`\nNo account exists yet. Open this link to create the first administrator (it works once):\n  ${link}\n\n`);
  }
}

export function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}
