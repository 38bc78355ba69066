import type { Logger } from '../logger.js';
import { isDatabaseUnavailable } from './unavailable.js';

/**
 * Keeps the process alive when a promise nobody waits for fails because the database is away (a
 * library's background statement during a restart or failover): it is logged, and the work it
 * belonged to is taken up again by its own retries. Any other unhandled rejection still ends the
 * process, as Node does by default.
 */
export function surviveDatabaseOutages(logger: Logger): void {
  process.on('unhandledRejection', (reason: unknown) => {
    if (isDatabaseUnavailable(reason)) {
      logger.error({ err: reason }, 'a background database statement failed while the database was away');
      return;
    }
    throw reason;
  });
}
