import type { FastifyReply } from 'fastify';
import type { Caller } from '../auth/caller.js';
import { RouteError } from '../http/route-access.js';
import { ExpressionBusy, ExpressionCancelled, ExpressionStopped } from './errors.js';
import type { Interactive } from './sandbox.js';

/** A preview asked for over HTTP: counted against its person, and dropped when the client closes the request before the answer. */
export function interactiveOf(caller: Caller, reply: FastifyReply): Interactive {
  const gone = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) gone.abort();
  });
  return { caller: caller.personId, signal: gone.signal };
}

/**
 * The answer for an evaluation that could not finish: 429 when the person has too many running, 400
 * with the reason when it went past a limit (`field` says which input), 499 when the client left.
 * Undefined for other errors.
 */
export function expressionRouteError(error: unknown, field: string): RouteError | undefined {
  if (error instanceof ExpressionBusy) return new RouteError(429, 'TOO_MANY_REQUESTS', error.message);
  if (error instanceof ExpressionStopped) return new RouteError(400, 'VALIDATION_FAILED', `${field}: ${error.message}`);
  if (error instanceof ExpressionCancelled) return new RouteError(499, 'CLIENT_CLOSED_REQUEST', error.message);
  return undefined;
}
