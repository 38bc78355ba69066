import type pg from 'pg';

/** Canaries of a few checks and canaries of many: both shapes people write. */
export interface Layout {
  canaries: number;
  checksEach: number;
}

export interface SeededCanary {
  name: string;
  /** Global check numbers: the target path /c/{n} each check calls. */
  first: number;
  count: number;
  layout: number;
}

/** Inserts the canaries (their canary.changed events make the server sync checks and schedules). */
export async function createCanaries(pool: pg.Pool, layouts: readonly Layout[], targetUrl: string, schedule: string): Promise<SeededCanary[]> {
  const seeded: SeededCanary[] = [];
  let next = 0;
  for (const [layout, { canaries, checksEach }] of layouts.entries()) {
    const names: string[] = [];
    const specs: string[] = [];
    for (let c = 0; c < canaries; c++) {
      const name = `bench-${checksEach}-${c}`;
      const http = Array.from({ length: checksEach }, (_, i) => ({ name: `check-${next + i}`, url: `${targetUrl}/c/${next + i}`, responseCodes: [200] }));
      seeded.push({ name, first: next, count: checksEach, layout });
      next += checksEach;
      names.push(name);
      specs.push(JSON.stringify({ schedule, http }));
    }
    await pool.query("insert into canaries (name, namespace, spec, source) select n, 'bench', s::jsonb, 'bench' from unnest($1::text[], $2::text[]) as u(n, s)", [names, specs]);
  }
  return seeded;
}

const DAY_MS = 86_400_000;

/**
 * `days` of history for every live check, written in bulk as a long-running install would have it:
 * a status a minute for the last `rawHours` (written hour by hour, in time order), hourly roll-ups
 * from those and, before them, an hour of 60 statuses each; daily roll-ups from the hourly. Ends at
 * `end` (a whole hour), before any status the server wrote.
 */
export async function seedHistory(pool: pg.Pool, end: Date, days: number, rawHours: number, log: (message: string) => void): Promise<void> {
  const client = await pool.connect();
  try {
    // Bulk rows of checks that exist: no foreign key look-up and no roll-up trigger per row (superuser only).
    await client.query('set session_replication_role = replica').catch(() => log('not a superuser: rows are checked one by one'));
    await seedWith(client, end, days, rawHours, log);
  } finally {
    await client.query('reset session_replication_role').catch(() => undefined);
    client.release();
  }
  await pool.query('vacuum (analyze) check_statuses, check_statuses_1h, check_statuses_1d, checks');
}

async function seedWith(db: pg.PoolClient, end: Date, days: number, rawHours: number, log: (message: string) => void): Promise<void> {
  const rawStart = new Date(end.getTime() - rawHours * 3_600_000);
  const start = new Date(end.getTime() - days * DAY_MS);
  for (let hour = rawStart.getTime(); hour < end.getTime(); hour += 3_600_000) {
    await db.query(
      `insert into check_statuses (check_id, time, status, duration)
       select c.id, t + (abs(hashtext(c.id::text)) % 60000) * interval '1 millisecond', random() > 0.02, 5 + (random() * random() * 200)::int
         from generate_series($1::timestamptz, $1::timestamptz + interval '59 minutes', interval '1 minute') t
        cross join (select id from checks where deleted_at is null) c
       on conflict do nothing`,
      [new Date(hour)],
    );
  }
  log(`raw statuses: ${rawHours} h`);
  await db.query(
    `insert into check_statuses_1h (check_id, time, total, passed, failed, duration_sum, duration_min, duration_max)
     select check_id, date_trunc('hour', time, 'UTC'), count(*), count(*) filter (where status), count(*) filter (where not status),
            sum(duration), min(duration), max(duration)
       from check_statuses where time >= $1 and time < $2 group by 1, 2
     on conflict (check_id, time) do update set total = check_statuses_1h.total + excluded.total, passed = check_statuses_1h.passed + excluded.passed,
       failed = check_statuses_1h.failed + excluded.failed, duration_sum = check_statuses_1h.duration_sum + excluded.duration_sum`,
    [rawStart, end],
  );
  for (let day = start.getTime(); day < rawStart.getTime(); day += DAY_MS) {
    await db.query(
      `insert into check_statuses_1h (check_id, time, total, passed, failed, duration_sum, duration_min, duration_max)
       select c.id, h, 60, 60 - f, f, 60 * 30, 5, 180
         from generate_series($1::timestamptz, least($1::timestamptz + interval '23 hours', $2::timestamptz - interval '1 hour'), interval '1 hour') h
        cross join (select id from checks where deleted_at is null) c
        cross join lateral (select (random() < 0.05 and c.id is not null)::int as f) failures
       on conflict do nothing`,
      [new Date(day), rawStart],
    );
  }
  log(`hourly roll-ups: ${days} days`);
  await db.query(
    `insert into check_statuses_1d (check_id, time, total, passed, failed, duration_sum, duration_min, duration_max)
     select check_id, date_trunc('day', time, 'UTC'), sum(total), sum(passed), sum(failed), sum(duration_sum), min(duration_min), max(duration_max)
       from check_statuses_1h where time >= $1 and time < $2 group by 1, 2
     on conflict (check_id, time) do update set total = check_statuses_1d.total + excluded.total, passed = check_statuses_1d.passed + excluded.passed,
       failed = check_statuses_1d.failed + excluded.failed, duration_sum = check_statuses_1d.duration_sum + excluded.duration_sum`,
    [start, end],
  );
  log('daily roll-ups');
}
