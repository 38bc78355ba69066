import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { hashToken, verifyToken } from './tokens.js';

interface Row {
  person_id: string;
  roles: string[];
}

function fakePool(rowsByDigest: Map<string, Row>): { pool: pg.Pool; queries: () => number } {
  let count = 0;
  const pool = {
    // pg's two forms: query(text, values) and query({ name, text, values }).
    query: async (statement: string | { values?: string[] }, values?: string[]) => {
      count += 1;
      const params = typeof statement === 'string' ? values : statement.values;
      const row = rowsByDigest.get(params?.[0] ?? '');
      return { rows: row ? [row] : [] };
    },
  } as unknown as pg.Pool;
  return { pool, queries: () => count };
}

describe('verifyToken', () => {
  const token = 'pharos_example';
  const rows = new Map([[hashToken(token), { person_id: 'p1', roles: ['editor', 'unknown-role'] }]]);

  it('looks a token up by its digest and keeps only known roles', async () => {
    const { pool } = fakePool(rows);
    expect(await verifyToken(pool, token)).toEqual({ personId: 'p1', roles: ['editor'] });
  });

  it('asks the database on every request, so a revocation applies to the next one', async () => {
    const { pool, queries } = fakePool(rows);
    await verifyToken(pool, token);
    await verifyToken(pool, token);
    expect(queries()).toBe(2);
  });

  it('refuses empty and oversized tokens without a query', async () => {
    const { pool, queries } = fakePool(rows);
    expect(await verifyToken(pool, '')).toBeNull();
    expect(await verifyToken(pool, 'x'.repeat(600))).toBeNull();
    expect(queries()).toBe(0);
  });
});
