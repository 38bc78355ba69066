import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import type { AuthMode } from '../auth/identity/config.js';
import { DATABASE_RETRY_AFTER_S } from '../db/unavailable.js';
import { VERSION } from '../version.js';
import { DatabaseProbe } from './database-probe.js';
import { ReadinessProbe } from './readiness.js';
import type { Starting } from './starting.js';

export interface SystemRoutesOptions {
  pool: pg.Pool;
  /** Whether anyone may create an account ('open') or only the setup link and invitations. */
  registration: 'open' | 'invite';
  /** The sign-in mode; the web app treats a failing session check differently in organization mode. */
  authMode: AuthMode;
  /** Aborted when the process begins to shut down: readiness is false from then on. */
  stopping?: AbortSignal | undefined;
  /** What the process still does after it began to answer: readiness is false until it is done. */
  starting?: Starting | undefined;
}

const UNAVAILABLE = {
  type: 'object',
  properties: { status: { type: 'string', enum: ['unavailable'] }, message: { type: 'string', description: 'Why, in words a person can act on' } },
  required: ['status', 'message'],
} as const;

const PUBLIC = { tags: ['system'], security: [] };

const HEALTH_SCHEMA = {
  ...PUBLIC,
  summary: 'Liveness: the process answers and its database answers',
  response: { 200: { type: 'object', properties: { status: { type: 'string', enum: ['ok'] } }, required: ['status'] }, 503: UNAVAILABLE },
};

const READY_SCHEMA = {
  ...PUBLIC,
  summary: 'Readiness: the database answers, every migration is applied and the process is not shutting down',
  response: { 200: { type: 'object', properties: { status: { type: 'string', enum: ['ready'] } }, required: ['status'] }, 503: UNAVAILABLE },
};

const ABOUT_SCHEMA = {
  ...PUBLIC,
  summary: 'Version of the server, whether anyone may create an account, and the sign-in mode',
  response: {
    200: {
      type: 'object',
      properties: {
        Version: { type: 'string' },
        registration: { type: 'string', enum: ['open', 'invite'] },
        authMode: { type: 'string', enum: ['self-hosted', 'organizations'] },
      },
      required: ['Version', 'registration', 'authMode'],
    },
  },
};

/** `GET /api/health`, `GET /api/ready` and `GET /api/about`, open without signing in. */
export const systemRoutes: FastifyPluginAsync<SystemRoutesOptions> = async (app, { pool, registration, authMode, stopping, starting }) => {
  const probe = new DatabaseProbe(pool);
  app.addHook('onClose', () => probe.close());
  const readiness = new ReadinessProbe(pool, stopping, starting);
  app.addHook('onClose', () => readiness.close());
  app.get('/api/health', { schema: HEALTH_SCHEMA }, async (request, reply) => {
    try {
      await probe.check();
      return { status: 'ok' };
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unreachable');
      return reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_S)).send({ status: 'unavailable', message: 'The database is unreachable' });
    }
  });

  // Liveness stays the cheap question above; readiness also asks whether migrations ran and whether the process is stopping.
  app.get('/api/ready', { schema: READY_SCHEMA }, async (request, reply) => {
    const answer = await readiness.check();
    if (answer.ready) return { status: 'ready' };
    request.log.warn(`readiness: ${answer.reason}`);
    return reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_S)).send({ status: 'unavailable', message: answer.reason });
  });

  // The sign-in page offers 'Create account' only while registration is open.
  app.get('/api/about', { schema: ABOUT_SCHEMA }, async () => ({ Version: VERSION, registration, authMode }));
};
