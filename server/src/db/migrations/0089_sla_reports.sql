-- SLA reports: uptime and latency over any period up to five years, from the roll-ups.
--
-- check_statuses_1mo: one row per check and UTC month, made from the daily roll-up by the retention
-- job (months that have ended) and kept five years, so a long report reads a dozen rows per check a
-- year instead of hundreds. The daily and hourly roll-ups keep their own retention.
CREATE TABLE check_statuses_1mo (
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
CREATE INDEX check_statuses_1mo_time_idx ON check_statuses_1mo (time);

INSERT INTO check_statuses_1mo (check_id, time, total, passed, failed, duration_sum, duration_min, duration_max)
SELECT check_id, date_trunc('month', time, 'UTC'), sum(total), sum(passed), sum(failed), sum(duration_sum), min(duration_min), max(duration_max)
  FROM check_statuses_1d
 WHERE time < date_trunc('month', now(), 'UTC')
 GROUP BY 1, 2;

-- Downtime windows are the buckets with failures: few, found without reading the others.
CREATE INDEX check_statuses_1h_failed_idx ON check_statuses_1h (time, check_id) WHERE failed > 0;
CREATE INDEX check_statuses_1d_failed_idx ON check_statuses_1d (time, check_id) WHERE failed > 0;
CREATE INDEX check_statuses_1mo_failed_idx ON check_statuses_1mo (time, check_id) WHERE failed > 0;

-- Reports mailed on a schedule. Managed through /api/reports/sla/schedules only (not exposed by the
-- data service); the recipients see the report of every check, so only those who may read canaries
-- create them.
CREATE TABLE sla_report_schedules (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  schedule    text NOT NULL,
  recipients  text[] NOT NULL CHECK (cardinality(recipients) BETWEEN 1 AND 50),
  report      jsonb NOT NULL,
  created_by  uuid REFERENCES people (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  last_sent_at timestamptz
);
