import { buildApp } from '../app.js';
import { registerOidcRecheck } from '../auth/identity/oidc/register.js';
import { loadIdentityConfig } from '../auth/identity/config.js';
import { createSetupToken } from '../auth/identity/setup.js';
import { migrate } from '../db/migrate.js';
import { surviveDatabaseOutages } from '../db/unavailable-rejections.js';
import { loadEngineConfig } from '../engine/config.js';
import { Engine } from '../engine/engine.js';
import { Registry } from 'prom-client';
import { checkServerKey, sealPlainCredentials } from '../connections/at-rest.js';
import { sealPlainSpecSecrets } from '../secrets/plain-spec-secrets.js';
import { ExpressionSandbox } from '../expressions/sandbox.js';
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
import { createRuntime, loadRuntimeSecrets, openRuntimeDatabase } from './runtime.js';
import { protectDataFolder } from '../data-folder.js';
import { recordServedPort } from '../system/served-port.js';
import { loadAgentConfig } from '../agents/runtime/agent-config.js';
import { startAgentRuntime } from '../agents/runtime/agent-runtime.js';
import { playbookActionAgentLoop } from '../agents/runtime/playbook-action-agent-loop.js';

const HOUR_MS = 3_600_000;

function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

/** Running jobs get at most 10 s, and never more than half of the whole shutdown's bound, to finish before they are asked to stop. */
function jobGraceMs(shutdownTimeoutMs: number): number {
  return Math.min(10_000, Math.floor(shutdownTimeoutMs / 2));
}

/** `pharos serve`: database, migrations, then HTTP until SIGINT/SIGTERM. */
export async function serve(): Promise<void> {
  const runtime = createRuntime('stdout');
  const { config, logger, shutdown } = runtime;
  shutdown.exitOnSignals(() => 0, config.shutdownTimeoutMs);
  surviveDatabaseOutages(logger);
  try {
    // A sign-in setting Pharos cannot honour (an unknown PHAROS_AUTH_MODE, a malformed PHAROS_OIDC_*)
    // stops the start before any database work.
    loadIdentityConfig();
    const agent = loadAgentConfig();
    const database = await openRuntimeDatabase(runtime, { shareEmbedded: true });
    await migrate(database.pool, { logger });
    const secrets = await loadRuntimeSecrets(runtime);
    await protectDataFolder(config.dataDir, { embedded: config.databaseUrl === undefined });
    await checkServerKey(database.pool, secrets);
    const sealed = await sealPlainCredentials(database.pool, secrets);
    if (sealed > 0) logger.info({ sealed }, 'Sealed connection credentials that were stored in clear');
    const sealedSpecs = await sealPlainSpecSecrets(database.pool, secrets);
    if (sealedSpecs > 0) logger.info({ sealed: sealedSpecs }, 'Sealed credentials of specs that were stored in clear');
    const metrics = new Registry();
    const engine = new Engine({ pool: database.pool, logger, metrics, config: { ...loadEngineConfig(), shutdownGraceMs: jobGraceMs(config.shutdownTimeoutMs) }, events: { discardUnconsumed: true } });
    const sandbox = new ExpressionSandbox();
    shutdown.add('expressions', () => sandbox.close());
    shutdown.add('engine', () => engine.stop());
    engine.define(canaryRunJob({ pool: database.pool, sandbox, secrets }));
    engine.events.on(['canary.changed'], canaryChangedHandler(database.pool));
    engine.define(checkStatusRetention(database.pool));
    engine.define(slaReportMailJob(database.pool, loadIdentityConfig()));
    const followers = new Followers();
    shutdown.add('kubernetes watches', async () => followers.stopAll());
    registerCatalog(engine, { pool: database.pool, secrets, sandbox, followers });
    registerTopology(engine, { pool: database.pool, secrets, sandbox });
    registerPlaybooks(engine, { pool: database.pool, secrets, sandbox });
    await registerIncidents(engine, { pool: database.pool, sandbox });
    shutdown.add('notifications', registerNotifications(engine, { pool: database.pool, secrets, sandbox, logger, delivery: deliveryConfig() }).stop);
    await registerResponders(engine, { pool: database.pool, secrets });
    await registerOidcRecheck(engine, { pool: database.pool, secrets, logger, oidc: loadIdentityConfig().oidc });
    await engine.start();
    await saveSchedule(database.pool, {
      key: `system:${CHECK_STATUS_RETENTION}`,
      task: CHECK_STATUS_RETENTION,
      schedule: '@every 1h',
      history: { name: CHECK_STATUS_RETENTION, resourceType: 'system', resourceName: 'check history' },
    });
    // The dashboard opens on the last hour: its uptime and latency are measured before anyone asks, and kept fresh.
    const measuring = new AbortController();
    shutdown.add('health summary', async () => measuring.abort());
    void keepMeasured(database.pool, [HOUR_MS], measuring.signal, (error) => logger.warn({ err: error }, 'Could not measure the uptime and latency of checks'));
    prepareSummaryBuilder(database.pool);
    const app = await buildApp({ pool: database.pool, logger, metrics, secrets, sandbox, stopping: shutdown.signal });
    shutdown.add('http', () => app.close());
    await app.listen({ port: config.port, host: config.host });
    await recordServedPort(database.pool, config.port);
    logger.info(`Pharos is listening on http://${displayHost(config.host)}:${config.port}`);
    if (agent) {
      const playbookActions = playbookActionAgentLoop({ upstreamUrl: agent.upstreamUrl, token: agent.token, sandbox, secrets, logger, pool: database.pool });
      const agentRuntime = await startAgentRuntime({ pool: database.pool, logger, secrets, ...agent, extraLoops: () => [playbookActions] });
      shutdown.add('agent sync', () => agentRuntime.stop());
    }
    const setupToken = await createSetupToken(database.pool);
    if (setupToken) {
      const base = loadIdentityConfig().publicUrl ?? `http://${displayHost(config.host)}:${config.port}`;
      const link = `${base}/registration?setup_token=${setupToken}`;
      logger.info({ setup_url: link }, 'No account exists yet: open the setup link to create the first administrator');
      process.stdout.write(`\nNo account exists yet. Open this link to create the first administrator (it works once):\n  ${link}\n\n`);
    }
  } catch (error) {
    await shutdown.run();
    throw error;
  }
}
