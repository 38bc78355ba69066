import type { FastifyInstance } from 'fastify';
import { apiError } from '../errors.js';

/** A DNS name (underscores allowed, as container names have them) or a bracketed IPv6 address, then an optional port. */
const HOST = /^(?:[a-z0-9_](?:[a-z0-9_.-]{0,251}[a-z0-9_])?\.?|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

export function isValidHost(host: string): boolean {
  if (!HOST.test(host)) return false;
  try {
    return new URL(`http://${host}/`).host !== '';
  } catch {
    return false;
  }
}

/**
 * Answers 400 to a request whose Host (or trusted X-Forwarded-Host) is not a host name: routes
 * build absolute URLs from it, and a malformed one is the client's error, not the server's.
 */
export function installHostCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    // HTTP/1.0 may omit Host; Node already refuses an HTTP/1.1 request without one.
    if (request.headers.host === undefined) return;
    if (isValidHost(request.host)) return;
    return reply.code(400).send(apiError('BAD_HOST', 'The Host header is not a valid host name'));
  });
}
