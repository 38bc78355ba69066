import pg from 'pg';

/**
 * SQLSTATEs of a database that is not there to answer: connection exceptions (08) and the server
 * shutting down or starting up (57P01–57P03, 57P05). A standby's refusal to write (25006) is left
 * out: a read-only transaction of the data service says the same, and HAProxy ends the sessions of
 * a node that stops being the primary.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '57P05']);
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/**
 * node-postgres says these in words only (no code). Its pool's 'timeout exceeded when trying to
 * connect' is left out: it also means every connection is busy, which is not the database away.
 */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'is not queryable',
  'server closed the connection unexpectedly',
  'the database system is',
];

/** Seconds a client is asked to wait before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_S = 2;

/** Whether an error says the database is away (restarting, failing over, unreachable) rather than that a query was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (error instanceof pg.DatabaseError || /^[0-9A-Z]{5}$/.test(code)) return code.startsWith('08') || UNAVAILABLE_STATES.has(code);
    if (UNAVAILABLE_SOCKET_CODES.has(code)) return true;
  }
  if (error instanceof AggregateError && error.errors.some(isDatabaseUnavailable)) return true;
  if (UNAVAILABLE_MESSAGES.some((words) => error.message.includes(words))) return true;
  return error.cause !== undefined && isDatabaseUnavailable(error.cause);
}
