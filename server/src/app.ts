import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type pg from 'pg';
import { bearerTokenResolver, installAccessGuard, type CallerResolver } from './auth/guard.js';
import { installErrorHandler, installNotFound } from './errors.js';
import { restPlugin } from './rest/plugin.js';
import { schemaRoutes } from './schemas/routes.js';
import { shellRoutes } from './shell/routes.js';
import { systemRoutes } from './system/routes.js';
import { serveWebApp, WEB_DIST_DIR } from './web.js';

export interface AppOptions {
  pool: pg.Pool;
  /** No logging when absent. */
  logger?: FastifyBaseLogger;
  /** Extra ways to authenticate, tried after the bearer token (e.g. the session cookie). */
  callerResolvers?: readonly CallerResolver[];
  /** Folder of the built web app; null serves none. Defaults to web/dist when it exists. */
  webDir?: string | null;
}

/** The Pharos HTTP application: access guard, system routes, data service and web app. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { pool } = options;
  const app = options.logger ? Fastify({ loggerInstance: options.logger }) : Fastify({ logger: false });

  installAccessGuard(app, { resolvers: [bearerTokenResolver(pool), ...(options.callerResolvers ?? [])] });
  installErrorHandler(app);

  await app.register(systemRoutes, { pool });
  await app.register(restPlugin, { prefix: '/api/db', pool });
  await app.register(shellRoutes, { pool });
  await app.register(schemaRoutes);

  const webDir = options.webDir === undefined ? WEB_DIST_DIR : options.webDir;
  const servesWeb = webDir !== null && (await serveWebApp(app, webDir));
  installNotFound(app, servesWeb);
  return app;
}
