import type { FastifyBaseLogger } from 'fastify';
import { Logger } from 'graphile-worker';

/** graphile-worker's log lines through the server's logger (its info lines are debug detail here). */
export function graphileLogger(logger: FastifyBaseLogger): Logger {
  return new Logger(() => (level: string, message: string, meta?: Record<string, unknown>) => {
    const fields = { component: 'jobs', ...meta };
    if (level === 'error') logger.error(fields, message);
    else if (level === 'warning') logger.warn(fields, message);
    else logger.debug(fields, message);
  });
}
