import type pg from 'pg';

/** Schedules of the soak's canaries, spread over 30–60 s as installations write them. */
export const SOAK_SCHEDULES: readonly { schedule: string; seconds: number }[] = [
  { schedule: '@every 30s', seconds: 30 },
  { schedule: '@every 45s', seconds: 45 },
  { schedule: '@every 1m', seconds: 60 },
];

const CHECKS_EACH = 10;

/**
 * `checks` checks in canaries of ten, half HTTP (GET `{targetUrl}/c/{n}`) and half TCP (connecting
 * to the target's port), over the schedules in turn. Rows are inserted with SQL: the canary.changed
 * event each insert raises makes the running servers sync the checks and their schedules, as
 * /api/apply would, without 500 HTTP requests in the set-up. Answers the checks run a second.
 */
export async function seedSoakCanaries(pool: pg.Pool, checks: number, targetUrl: string): Promise<number> {
  const endpoint = new URL(targetUrl).host;
  const names: string[] = [];
  const specs: string[] = [];
  let rate = 0;
  for (let first = 0, c = 0; first < checks; first += CHECKS_EACH, c++) {
    const count = Math.min(CHECKS_EACH, checks - first);
    const { schedule, seconds } = SOAK_SCHEDULES[c % SOAK_SCHEDULES.length]!;
    const numbers = Array.from({ length: count }, (_, i) => first + i);
    const spec =
      c % 2 === 0
        ? { schedule, http: numbers.map((n) => ({ name: `soak-http-${n}`, url: `${targetUrl}/c/${n}`, responseCodes: [200] })) }
        : { schedule, tcp: numbers.map((n) => ({ name: `soak-tcp-${n}`, endpoint })) };
    names.push(`soak-${c}`);
    specs.push(JSON.stringify(spec));
    rate += count / seconds;
  }
  await pool.query("insert into canaries (name, namespace, spec, source) select n, 'bench', s::jsonb, 'bench' from unnest($1::text[], $2::text[]) as u(n, s)", [names, specs]);
  return rate;
}

/** Checks of the seeded canaries that have run at least once since `since`, read from their statuses. */
export async function checksRunSince(pool: pg.Pool, since: Date): Promise<number> {
  const { rows } = await pool.query<{ count: number }>(
    `select count(*)::int as count from checks c
      where c.deleted_at is null and c.name like 'soak-%' and exists (select 1 from check_statuses s where s.check_id = c.id and s.time >= $1)`,
    [since],
  );
  return rows[0]?.count ?? 0;
}

/** Statuses written by the seeded checks between two times. */
export async function statusesBetween(pool: pg.Pool, from: Date, to: Date): Promise<number> {
  const { rows } = await pool.query<{ count: number }>(
    "select count(*)::int as count from check_statuses s join checks c on c.id = s.check_id where c.name like 'soak-%' and s.time >= $1 and s.time < $2",
    [from, to],
  );
  return rows[0]?.count ?? 0;
}
