import type pg from 'pg';

/** What the dashboard benchmark seeds: canaries of `checksEach` checks, `checks` in all. */
export interface WebSeed {
  checks: number;
  checksEach: number;
  /** Days of hourly roll-ups and daily roll-ups behind the last hour of raw statuses. */
  days: number;
}

/** The checks that fail (about 1 in 20), chosen by name so every run seeds the same ones. */
const FAILING = "abs(hashtext(ck.name)) % 20 = 0";

/**
 * Canaries with their checks, labels and state, an hour of a status a minute and `days` of hourly and
 * daily roll-ups, in bulk statements. Written as a superuser with triggers off
 * (session_replication_role = replica): no canary.changed event, so the server neither syncs nor
 * schedules these canaries and the browser is measured on a quiet server; no roll-up trigger per row.
 * Answers the failing count.
 */
export async function seedDashboard(pool: pg.Pool, seed: WebSeed, log: (message: string) => void): Promise<{ failing: number }> {
  const canaries = Math.ceil(seed.checks / seed.checksEach);
  const client = await pool.connect();
  try {
    await client.query('set session_replication_role = replica');
    await client.query(
      `insert into canaries (name, namespace, spec, source)
       select 'shop-' || lpad(n::text, 5, '0'), 'team-' || (n % 5),
              jsonb_build_object('schedule', '@every 1m', 'http',
                (select jsonb_agg(jsonb_build_object('name', 'shop-' || lpad(n::text, 5, '0') || '-endpoint-' || i, 'url', 'http://127.0.0.1:9/shop-' || lpad(n::text, 5, '0') || '/' || i))
                   from generate_series(0, $2 - 1) i)),
              'bench'
         from generate_series(0, $1 - 1) n`,
      [canaries, seed.checksEach],
    );
    await client.query(
      `insert into checks (canary_id, type, name, namespace, description, endpoint, labels, spec, created_at)
       select ca.id, 'http', ca.name || '-endpoint-' || i, ca.namespace, 'Endpoint ' || i || ' of ' || ca.name, 'http://127.0.0.1:9/' || ca.name || '/' || i,
              jsonb_build_object('tier', (array['web', 'api', 'db', 'queue'])[1 + i % 4], 'critical', (i % 3 = 0)::text, 'region', 'region-' || (abs(hashtext(ca.name)) % 8)),
              jsonb_build_object('name', ca.name || '-endpoint-' || i, 'url', 'http://127.0.0.1:9/' || ca.name || '/' || i),
              now() - interval '31 days'
         from canaries ca cross join generate_series(0, $1 - 1) i
        where ca.source = 'bench'`,
      [seed.checksEach],
    );
    await client.query(
      `update checks ck set status = case when ${FAILING} then 'unhealthy' else 'healthy' end,
              last_runtime = date_trunc('minute', now()), last_transition_time = now() - interval '3 hours'
        where ck.deleted_at is null`,
    );
    log(`${canaries} canaries, ${seed.checks} checks`);
    await client.query(
      `insert into check_statuses (check_id, time, status, duration)
       select ck.id, t, ck.status = 'healthy', 5 + abs(hashtext(ck.id::text || t::text)) % 200
         from checks ck cross join generate_series(date_trunc('minute', now()) - interval '59 minutes', date_trunc('minute', now()), interval '1 minute') t
        where ck.deleted_at is null`,
    );
    log('an hour of raw statuses');
    await client.query(
      `insert into check_statuses_1h (check_id, time, total, passed, failed, duration_sum, duration_min, duration_max)
       select ck.id, h, 60, case when ck.status = 'healthy' then 60 else 57 end, case when ck.status = 'healthy' then 0 else 3 end, 60 * 40, 5, 200
         from checks ck cross join generate_series(date_trunc('hour', now()) - make_interval(days => $1), date_trunc('hour', now()) - interval '1 hour', interval '1 hour') h
        where ck.deleted_at is null`,
      [seed.days],
    );
    await client.query(
      `insert into check_statuses_1h (check_id, time, total, passed, failed, duration_sum, duration_min, duration_max)
       select check_id, date_trunc('hour', time, 'UTC'), count(*), count(*) filter (where status), count(*) filter (where not status), sum(duration), min(duration), max(duration)
         from check_statuses group by 1, 2
       on conflict (check_id, time) do update set total = check_statuses_1h.total + excluded.total, passed = check_statuses_1h.passed + excluded.passed,
         failed = check_statuses_1h.failed + excluded.failed, duration_sum = check_statuses_1h.duration_sum + excluded.duration_sum`,
    );
    await client.query(
      `insert into check_statuses_1d (check_id, time, total, passed, failed, duration_sum, duration_min, duration_max)
       select check_id, date_trunc('day', time, 'UTC'), sum(total), sum(passed), sum(failed), sum(duration_sum), min(duration_min), max(duration_max)
         from check_statuses_1h group by 1, 2`,
    );
    log(`${seed.days} days of hourly and daily roll-ups`);
    const { rows } = await client.query<{ failing: number }>("select count(*)::int as failing from checks where status = 'unhealthy' and deleted_at is null");
    return { failing: rows[0]?.failing ?? 0 };
  } finally {
    await client.query('reset session_replication_role').catch(() => undefined);
    client.release();
    await pool.query('vacuum (analyze) canaries, checks, check_statuses, check_statuses_1h, check_statuses_1d');
  }
}
