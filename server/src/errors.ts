import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answeredDatabaseUnavailable } from './http/database-unavailable.js';
import { pathViews } from './http/path.js';

/** The error body every Pharos API answers with (PostgREST's shape). */
export interface ApiError {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

export function apiError(code: string, message: string): ApiError {
  return { code, message, details: null, hint: null };
}

function isApi(url: string): boolean {
  return pathViews(url).some((path) => path === '/api' || path.startsWith('/api/'));
}

/**
 * JSON 404 for unknown /api routes; for other GETs the web app's index.html when it is served
 * (client-side routes), else a JSON 404.
 */
export function installNotFound(app: FastifyInstance, spaFallback: boolean): void {
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (spaFallback && !isApi(request.url) && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.code(404).send(apiError('NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0] ?? ''}`));
  });
}

/** Same JSON shape for thrown errors; the text of unexpected (5xx) errors stays in the log. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (answeredDatabaseUnavailable(error, reply)) return reply;
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(status).send(apiError('INTERNAL', 'Internal server error'));
    }
    return reply.code(status).send(apiError(error.code ?? String(status), error.message));
  });
}
