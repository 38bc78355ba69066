import { randomBytes } from 'node:crypto';
import { INCIDENT_SEVERITIES, INCIDENT_STATUSES, INCIDENT_TYPES } from '@pharos/core';
import type pg from 'pg';

export interface ScaleResult {
  incidents: number;
  people: number;
}

/** The few people bulk incidents are spread over as creators. */
const CREATORS = 5;

/**
 * Bulk rows for benchmarks: `count` incidents (statuses, severities and types spread evenly,
 * created_by spread over a few people, created_at over the last 90 days) and `count` people.
 * Each run adds rows; every insert is one INSERT … SELECT over generate_series.
 */
export async function seedScale(pool: pg.Pool, count: number): Promise<ScaleResult> {
  if (!Number.isInteger(count) || count < 1) throw new Error('The scale must be a positive integer');
  const run = randomBytes(4).toString('hex');
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(
      `insert into people (name, email)
       select 'Bench Creator ' || g, 'bench-creator-' || g || '@example.com'
         from generate_series(1, $1::int) g
        where not exists (select 1 from people p where lower(p.email) = 'bench-creator-' || g || '@example.com' and p.deleted_at is null)`,
      [CREATORS],
    );
    const people = await client.query(
      `insert into people (name, email)
       select 'Bench Person ' || $2 || '-' || g, 'bench-' || $2 || '-' || g || '@example.com'
         from generate_series(1, $1::int) g`,
      [count, run],
    );
    const incidents = await client.query(
      `with creators as (
         select array_agg(id order by email) as ids from people
          where email like 'bench-creator-%@example.com' and deleted_at is null
       )
       insert into incidents (title, type, severity, status, created_by, created_at)
       select 'Bench incident ' || $2 || '-' || g,
              ($4::text[])[1 + g % cardinality($4::text[])],
              ($5::text[])[1 + g % cardinality($5::text[])],
              ($3::text[])[1 + g % cardinality($3::text[])],
              c.ids[1 + g % cardinality(c.ids)],
              now() - (g % 129600) * interval '1 minute'
         from generate_series(1, $1::int) g, creators c`,
      [count, run, [...INCIDENT_STATUSES], [...INCIDENT_TYPES], [...INCIDENT_SEVERITIES]],
    );
    await client.query('commit');
    return { incidents: incidents.rowCount ?? 0, people: people.rowCount ?? 0 };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
