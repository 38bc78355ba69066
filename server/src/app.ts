import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type pg from 'pg';
import { agentPlaybookActionRoutes } from './agents/playbook-action-routes.js';
import { agentPullRoute } from './agents/pull-route.js';
import type { PushGate } from './agents/push-gate.js';
import { agentPushRoute } from './agents/push-route.js';
import { ReaderTraffic } from './agents/reader-traffic.js';
import { agentRoutes } from './agents/routes.js';
import { applyRoutes } from './apply/routes.js';
import { catalogSummaryRoutes } from './catalog/summary-routes.js';
import { connectionRoutes } from './connections/routes.js';
import { ExpressionSandbox } from './expressions/sandbox.js';
import { healthRoutes } from './health/routes.js';
import { playbookRoutes } from './playbooks/routes.js';
import { responderRoutes } from './incidents/responder-routes.js';
import { playbookWebhookRoutes } from './playbooks/webhook-routes.js';
import { catalogChangesRoutes } from './catalog/changes-routes.js';
import { webhookRoutes } from './health/webhook-routes.js';
import { bearerTokenResolver, installAccessGuard, type CallerResolver } from './auth/guard.js';
import { loadIdentityConfig, type IdentityConfig } from './auth/identity/config.js';
import { Courier } from './auth/identity/courier.js';
import { identityDeps, identityPlugin } from './auth/identity/index.js';
import { oidcCallbackRoute } from './auth/identity/oidc/callback-route.js';
import { OidcRecheck } from './auth/identity/oidc/recheck.js';
import { OidcRelyingParty } from './auth/identity/oidc/relying-party.js';
import { sessionCookieResolver } from './auth/identity/resolver.js';
import { IDENTITY_PREFIX } from './auth/identity/urls.js';
import { authRoutes } from './auth/routes.js';
import { organizationRoutes } from './organizations/routes.js';
import { issuerRoutes } from './organizations/direct/issuer-routes.js';
import { trustedIssuerResolver } from './organizations/direct/verifier.js';
import fastifyCors from '@fastify/cors';
import { docsRoutes } from './docs.js';
import { installHostCheck } from './http/host.js';
import { installOpenApi } from './http/openapi.js';
import { installJsonBodyParser } from './http/json-body.js';
import { installErrorHandler, installNotFound } from './errors.js';
import { loadDataServiceConfig, type DataServiceConfig } from './rest/config.js';
import { createDataPool } from './rest/data-pool.js';
import { restPlugin } from './rest/plugin.js';
import { schemaRoutes } from './schemas/routes.js';
import { notificationRoutes } from './notifications/routes.js';
import { shellRoutes } from './shell/routes.js';
import { suspectsRoutes } from './suspects/routes.js';
import { slaReportRoutes } from './reports/sla/routes.js';
import { systemRoutes } from './system/routes.js';
import type { Starting } from './system/starting.js';
import { topologyRoutes } from './topology/api/routes.js';
import { serveWebApp, WEB_DIST_DIR } from './web.js';
import { installCompression } from './http/compression.js';
import { loadConfig } from './config.js';
import { installMetrics } from './metrics/routes.js';
import { logsRoutes } from './logs/routes.js';
import { preferenceRoutes } from './preferences/routes.js';
import { viewRoutes } from './views/routes.js';
import { Registry } from 'prom-client';
import { loadServerKey } from './secrets/server-key.js';
import { ServerSecrets } from './secrets/server-secrets.js';

export interface AppOptions {
  pool: pg.Pool;
  /** No logging when absent. */
  logger?: FastifyBaseLogger;
  /** Extra ways to authenticate, tried after the bearer token and the session cookie. */
  callerResolvers?: readonly CallerResolver[];
  /** Folder of the built web app; null serves none. Defaults to web/dist when it exists. */
  webDir?: string | null;
  /** Identity service settings; each one not given is read from the environment. */
  identity?: Partial<IdentityConfig>;
  /** Data service limits; each one not given is read from the environment or defaulted. */
  dataService?: Partial<DataServiceConfig>;
  /** The server's key at work; from PHAROS_SECRET_KEY or the data folder's secret.key when absent. */
  secrets?: ServerSecrets;
  /** Where CEL and templates run; shared with the engine's. A new one when absent. */
  sandbox?: ExpressionSandbox;
  /** Where /metrics reads its figures; shared with the engine's. A new one when absent. */
  metrics?: Registry;
  /** Aborted when the process begins to shut down: `/api/ready` answers 503 from then on. */
  stopping?: AbortSignal;
  /** The work the process does after it began to answer: `/api/ready` answers 503 until it is done. */
  starting?: Starting;
  /** Bounds the agent pushes stored at once; one running and eight waiting when absent. */
  pushGate?: PushGate;
}

/** Liveness and readiness probes: a load balancer's or Kubernetes' requests, not people's. */
const PROBES = new Set(['/api/health', '/api/ready']);

/** The Pharos HTTP application: access guard, identity service, system routes, data service and web app. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { pool } = options;
  const identity: IdentityConfig = { ...loadIdentityConfig(), ...options.identity };
  const secrets = options.secrets ?? new ServerSecrets(await loadServerKey(process.env, loadConfig().dataDir));
  const proxy = identity.trustProxy;
  // A hop count trusts that many proxies in front of the server.
  const base = { trustProxy: typeof proxy === 'number' ? (_address: string, hop: number) => hop < proxy : proxy };
  const app = options.logger ? Fastify({ ...base, loggerInstance: options.logger }) : Fastify({ ...base, logger: false });

  // Requests other than agents' own and probes', which agent pushes give way to (agents/reader-traffic.ts).
  const readers = new ReaderTraffic();
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/api/agent/') && !PROBES.has(request.url.split('?')[0]!)) {
      reply.raw.once('close', readers.begin());
    }
    done();
  });

  const { stopping } = options;
  app.addHook('onSend', async (request, reply) => {
    // An answer ends its connection while the server shuts down, and when it is given before its body was
    // read (a refusal before parsing): else an idle keep-alive socket, or the unread body, holds the socket
    // and the server's close until the keep-alive timeout.
    if (stopping?.aborted || !request.raw.complete) reply.header('connection', 'close');
  });
  installHostCheck(app);
  installJsonBodyParser(app);
  // Before the guard, whose hook reads the session cookie.
  await app.register(fastifyCookie);
  // A backend of a direct-mode organization: the front door's tokens first, as its other resolvers would call them invalid.
  const trusted = identity.trustedIssuer && identity.publicUrl ? { ...identity.trustedIssuer, audience: identity.publicUrl } : undefined;
  if (trusted) await app.register(fastifyCors, { origin: new URL(trusted.issuer).origin, credentials: false, maxAge: 600 });
  installCompression(app);
  const relyingParty = identity.oidc ? new OidcRelyingParty(identity.oidc) : undefined;
  // Sessions in use are rechecked here; everyone else by the OidcRecheck job (auth/identity/oidc/register.ts).
  const oidcRecheck = relyingParty ? new OidcRecheck(pool, relyingParty, secrets, relyingParty.config.recheckIntervalMs, app.log) : undefined;
  installAccessGuard(app, {
    resolvers: [
      ...(trusted ? [trustedIssuerResolver(pool, trusted)] : []),
      bearerTokenResolver(pool),
      sessionCookieResolver(pool, identity, oidcRecheck),
      ...(options.callerResolvers ?? []),
    ],
  });
  installErrorHandler(app);
  const dataService: DataServiceConfig = { ...loadDataServiceConfig(), ...options.dataService };
  const dataPool = createDataPool(pool, dataService);
  app.addHook('onClose', () => dataPool.end());
  // Before the routes, so that its hook times every one of them.
  installMetrics(app, { registry: options.metrics ?? new Registry(), pool, pools: { main: pool, data: dataPool } });

  // Before the routes, so that it sees each one as it is added.
  await installOpenApi(app);

  const courier = new Courier(pool, identity, app.log);
  app.addHook('onClose', () => courier.close());

  await app.register(systemRoutes, { pool, registration: identity.registration, authMode: identity.authMode, stopping: options.stopping, starting: options.starting });
  await app.register(identityPlugin, { prefix: IDENTITY_PREFIX, pool, config: identity, courier, secrets, relyingParty });
  if (relyingParty) await app.register(oidcCallbackRoute, { deps: identityDeps({ pool, config: identity, courier, secrets, relyingParty }), relyingParty });
  await app.register(authRoutes, { pool, config: identity, courier, secrets });
  await app.register(organizationRoutes, { pool, config: identity, courier });
  await app.register(issuerRoutes, { pool, config: identity, secrets });
  await app.register(restPlugin, { prefix: '/api/db', pool: dataPool, cancelPool: pool, config: dataService, secrets, organizations: identity.authMode === 'organizations' });
  await app.register(shellRoutes, { pool });
  await app.register(preferenceRoutes, { pool });
  await app.register(viewRoutes, { pool });
  await app.register(applyRoutes, { pool, secrets });
  await app.register(connectionRoutes, { pool, secrets });
  const sandbox = options.sandbox ?? new ExpressionSandbox();
  if (!options.sandbox) app.addHook('onClose', () => sandbox.close());
  // Previews still queued would hold the close until each ran; they are dropped instead.
  app.addHook('preClose', () => sandbox.stopPreviews());
  await app.register(healthRoutes, { pool, secrets, sandbox });
  await app.register(webhookRoutes, { pool, secrets, sandbox });
  await app.register(playbookRoutes, { pool, secrets, sandbox });
  await app.register(playbookWebhookRoutes, { pool, secrets, sandbox });
  await app.register(catalogSummaryRoutes, { pool });
  await app.register(catalogChangesRoutes, { pool });
  await app.register(suspectsRoutes, { pool });
  await app.register(slaReportRoutes, { pool });
  await app.register(topologyRoutes, { pool });
  await app.register(responderRoutes, { pool, secrets });
  await app.register(logsRoutes, { pool, secrets });
  await app.register(agentRoutes, { pool });
  await app.register(agentPlaybookActionRoutes, { pool, secrets, sandbox });
  await app.register(agentPushRoute, { pool, readers, ...(options.pushGate ? { gate: options.pushGate } : {}) });
  await app.register(agentPullRoute, { pool });
  await app.register(schemaRoutes);
  await app.register(notificationRoutes, { pool, sandbox, publicUrl: identity.publicUrl });
  docsRoutes(app);

  const webDir = options.webDir === undefined ? WEB_DIST_DIR : options.webDir;
  const servesWeb = webDir !== null && (await serveWebApp(app, webDir));
  installNotFound(app, servesWeb);
  return app;
}
