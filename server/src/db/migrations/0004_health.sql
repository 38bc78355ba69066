-- 0004_health.sql
-- Health: the checks a canary defines, their status history and its hourly/daily roll-ups.
--
-- Creates
--   tables    : checks, check_statuses (time series, PK (check_id, time), BRIN on time),
--               check_statuses_1h, check_statuses_1d (roll-ups maintained by trigger, so summaries
--               never scan raw history and survive retention of check_statuses)
--   functions : check_statuses_after_insert()  statement-level trigger that upserts the roll-ups
--               and moves checks.status / last_runtime / last_transition_time to the newest result
--               (so results pushed by agents update the check the same way local runs do)

CREATE TABLE checks (
  id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  canary_id            uuid NOT NULL REFERENCES canaries (id) ON DELETE CASCADE,
  agent_id             uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000'
                       REFERENCES agents (id) ON DELETE CASCADE,
  type                 text NOT NULL,
  name                 text NOT NULL,
  namespace            text,
  description          text,
  icon                 text,
  owner                text,
  endpoint             text,
  labels               jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(labels) = 'object'),
  severity             text,
  -- this check's own part of the canary spec
  spec                 jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- NULL until the check first ran
  status               text CHECK (status IN ('healthy', 'unhealthy')),
  last_runtime         timestamptz,
  next_runtime         timestamptz,
  last_transition_time timestamptz,
  silenced_at          timestamptz,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now(),
  deleted_at           timestamptz
);

CREATE TRIGGER checks_set_updated_at BEFORE UPDATE ON checks
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE TABLE check_statuses (
  check_id   uuid NOT NULL REFERENCES checks (id) ON DELETE CASCADE,
  time       timestamptz NOT NULL,
  status     boolean NOT NULL,
  invalid    boolean NOT NULL DEFAULT false,
  -- milliseconds
  duration   integer,
  message    text,
  error      text,
  detail     jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (check_id, time)
);

-- Roll-ups: one row per check and UTC hour / UTC day. passed/failed exclude invalid results.
CREATE TABLE check_statuses_1h (
  check_id     uuid NOT NULL REFERENCES checks (id) ON DELETE CASCADE,
  time         timestamptz NOT NULL,
  total        integer NOT NULL DEFAULT 0,
  passed       integer NOT NULL DEFAULT 0,
  failed       integer NOT NULL DEFAULT 0,
  duration_sum bigint NOT NULL DEFAULT 0,
  duration_min integer,
  duration_max integer,
  PRIMARY KEY (check_id, time)
);

CREATE TABLE check_statuses_1d (
  check_id     uuid NOT NULL REFERENCES checks (id) ON DELETE CASCADE,
  time         timestamptz NOT NULL,
  total        integer NOT NULL DEFAULT 0,
  passed       integer NOT NULL DEFAULT 0,
  failed       integer NOT NULL DEFAULT 0,
  duration_sum bigint NOT NULL DEFAULT 0,
  duration_min integer,
  duration_max integer,
  PRIMARY KEY (check_id, time)
);

CREATE FUNCTION check_statuses_after_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO check_statuses_1h AS r (check_id, time, total, passed, failed,
                                      duration_sum, duration_min, duration_max)
  SELECT n.check_id, date_trunc('hour', n.time, 'UTC'), count(*),
         count(*) FILTER (WHERE n.status AND NOT n.invalid),
         count(*) FILTER (WHERE NOT n.status AND NOT n.invalid),
         coalesce(sum(n.duration), 0), min(n.duration), max(n.duration)
  FROM new_rows n
  GROUP BY 1, 2
  ON CONFLICT (check_id, time) DO UPDATE
    SET total        = r.total + EXCLUDED.total,
        passed       = r.passed + EXCLUDED.passed,
        failed       = r.failed + EXCLUDED.failed,
        duration_sum = r.duration_sum + EXCLUDED.duration_sum,
        duration_min = least(r.duration_min, EXCLUDED.duration_min),
        duration_max = greatest(r.duration_max, EXCLUDED.duration_max);

  INSERT INTO check_statuses_1d AS r (check_id, time, total, passed, failed,
                                      duration_sum, duration_min, duration_max)
  SELECT n.check_id, date_trunc('day', n.time, 'UTC'), count(*),
         count(*) FILTER (WHERE n.status AND NOT n.invalid),
         count(*) FILTER (WHERE NOT n.status AND NOT n.invalid),
         coalesce(sum(n.duration), 0), min(n.duration), max(n.duration)
  FROM new_rows n
  GROUP BY 1, 2
  ON CONFLICT (check_id, time) DO UPDATE
    SET total        = r.total + EXCLUDED.total,
        passed       = r.passed + EXCLUDED.passed,
        failed       = r.failed + EXCLUDED.failed,
        duration_sum = r.duration_sum + EXCLUDED.duration_sum,
        duration_min = least(r.duration_min, EXCLUDED.duration_min),
        duration_max = greatest(r.duration_max, EXCLUDED.duration_max);

  UPDATE checks c
     SET status               = l.new_status,
         last_runtime         = l.time,
         last_transition_time = CASE WHEN c.status IS DISTINCT FROM l.new_status
                                     THEN l.time ELSE c.last_transition_time END
    FROM (SELECT DISTINCT ON (n.check_id)
                 n.check_id, n.time,
                 CASE WHEN n.status THEN 'healthy' ELSE 'unhealthy' END AS new_status
            FROM new_rows n
           WHERE NOT n.invalid
           ORDER BY n.check_id, n.time DESC) l
   WHERE c.id = l.check_id
     AND (c.last_runtime IS NULL OR c.last_runtime <= l.time);

  RETURN NULL;
END
$$;

CREATE TRIGGER check_statuses_rollup AFTER INSERT ON check_statuses
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION check_statuses_after_insert();
