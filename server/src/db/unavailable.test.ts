import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.js';

function databaseError(code: string): pg.DatabaseError {
  const error = new pg.DatabaseError('failed', 0, 'error');
  error.code = code;
  return error;
}

function socketError(code: string): Error {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });
}

describe('isDatabaseUnavailable', () => {
  it('holds for a database restarting, failing over or unreachable', () => {
    for (const code of ['57P01', '57P03', '08006']) expect(isDatabaseUnavailable(databaseError(code)), code).toBe(true);
    for (const code of ['ECONNREFUSED', 'ECONNRESET']) expect(isDatabaseUnavailable(socketError(code)), code).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('query failed', { cause: socketError('ECONNREFUSED') }))).toBe(true);
  });

  it('does not hold for a wrong query or another failure', () => {
    for (const code of ['23505', '42P01', '57014', '40001', '25006']) expect(isDatabaseUnavailable(databaseError(code)), code).toBe(false);
    expect(isDatabaseUnavailable(new Error('Internal error'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});
