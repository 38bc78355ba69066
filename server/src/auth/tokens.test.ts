import type pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashToken, TokenVerifier } from './tokens.js';

interface Row {
  person_id: string;
  roles: string[];
  expires_at: Date | null;
}

function fakePool(rowsByDigest: Map<string, Row>): { pool: pg.Pool; queries: () => number } {
  let count = 0;
  const pool = {
    query: async (_sql: string, params: string[]) => {
      count += 1;
      const row = rowsByDigest.get(params[0] ?? '');
      return { rows: row ? [row] : [] };
    },
  } as unknown as pg.Pool;
  return { pool, queries: () => count };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('TokenVerifier', () => {
  const token = 'pharos_example';
  const rows = new Map([[hashToken(token), { person_id: 'p1', roles: ['editor', 'unknown-role'], expires_at: null }]]);

  it('looks a token up by its digest and keeps only known roles', async () => {
    const { pool } = fakePool(rows);
    expect(await new TokenVerifier(pool).verify(token)).toEqual({ personId: 'p1', roles: ['editor'] });
  });

  it('answers repeated checks from its cache for 30 seconds', async () => {
    vi.useFakeTimers();
    const { pool, queries } = fakePool(rows);
    const verifier = new TokenVerifier(pool);
    await verifier.verify(token);
    await verifier.verify(token);
    expect(queries()).toBe(1);
    vi.advanceTimersByTime(31_000);
    await verifier.verify(token);
    expect(queries()).toBe(2);
    verifier.clear();
    await verifier.verify(token);
    expect(queries()).toBe(3);
  });

  it('does not cache past the expiry of the token', async () => {
    vi.useFakeTimers();
    const expiring = new Map([[hashToken(token), { person_id: 'p1', roles: [], expires_at: new Date(Date.now() + 5_000) }]]);
    const { pool, queries } = fakePool(expiring);
    const verifier = new TokenVerifier(pool);
    await verifier.verify(token);
    vi.advanceTimersByTime(6_000);
    await verifier.verify(token);
    expect(queries()).toBe(2);
  });

  it('refuses empty and oversized tokens without a query', async () => {
    const { pool, queries } = fakePool(rows);
    const verifier = new TokenVerifier(pool);
    expect(await verifier.verify('')).toBeNull();
    expect(await verifier.verify('x'.repeat(600))).toBeNull();
    expect(queries()).toBe(0);
  });
});
