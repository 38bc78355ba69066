import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import type { AuthMode } from '../auth/identity/config.js';
import { VERSION } from '../version.js';
import { DatabaseProbe } from './database-probe.js';

export interface SystemRoutesOptions {
  pool: pg.Pool;
  /** Whether anyone may create an account ('open') or only the setup link and invitations. */
  registration: 'open' | 'invite';
  /** The sign-in mode; the web app treats a failing session check differently in organization mode. */
  authMode: AuthMode;
}

/** `GET /api/health` and `GET /api/about`, both open without signing in. */
export const systemRoutes: FastifyPluginAsync<SystemRoutesOptions> = async (app, { pool, registration, authMode }) => {
  const probe = new DatabaseProbe(pool);
  app.addHook('onClose', () => probe.close());
  app.get('/api/health', async (request, reply) => {
    try {
      await probe.check();
      return { status: 'ok' };
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'unavailable', message: 'The database is unreachable' });
    }
  });

  // The sign-in page offers 'Create account' only while registration is open.
  app.get('/api/about', async () => ({ Version: VERSION, registration, authMode }));
};
