import type { FastifyReply } from 'fastify';
import { DATABASE_RETRY_AFTER_S, isDatabaseUnavailable } from '../db/unavailable.js';

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable (restarting or failing over): retry in a moment';

/**
 * Answers 503 with Retry-After when the error says the database is away, so that clients and load
 * balancers wait and retry instead of seeing an internal error; answers whether it did.
 */
export function answeredDatabaseUnavailable(error: unknown, reply: FastifyReply): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  void reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_S)).type('application/json; charset=utf-8').send(JSON.stringify({ code: 'DATABASE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE, details: null, hint: null }));
  return true;
}
