-- 0016_engine.sql
-- The engine room: the server processes that run background jobs, and the schedules they share.
-- The jobs themselves live in graphile-worker's own schema (graphile_worker), which the engine
-- installs and upgrades when it starts.
--
-- Creates
--   engine_processes   one row per running server process: its job workers and a heartbeat; a row
--                      whose heartbeat stopped is removed by the other processes, which unlock its jobs
--   job_schedules      one row per scheduled resource or system job: what to run, on what schedule,
--                      when next; each process claims due rows with SKIP LOCKED, so a tick runs once
--   trigger            a change of a jobs.<name>.schedule property reschedules that job's rows

CREATE TABLE engine_processes (
  id           text PRIMARY KEY,
  hostname     text NOT NULL,
  pid          integer NOT NULL,
  -- graphile-worker worker ids of this process: the locks to release when it dies
  worker_ids   text[] NOT NULL DEFAULT '{}',
  started_at   timestamptz NOT NULL DEFAULT now(),
  heartbeat_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE job_schedules (
  -- e.g. 'canary:<uuid>' or 'system:JobHistoryCleanup'
  key           text PRIMARY KEY,
  -- the task (job definition) a tick runs, and what it is given
  task          text NOT NULL,
  payload       jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- @every 30s, @hourly, five-field cron ...; jobs.<job_name>.schedule overrides it
  schedule      text NOT NULL,
  -- written to job_histories for each run
  job_name      text NOT NULL,
  resource_id   text,
  resource_type text,
  resource_name text,
  next_run_at   timestamptz NOT NULL DEFAULT now(),
  last_tick     timestamptz,
  -- next_run_at is to be computed again (the schedule changed) without running
  reschedule    boolean NOT NULL DEFAULT false,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX job_schedules_due ON job_schedules (next_run_at);
CREATE INDEX job_schedules_reschedule ON job_schedules (key) WHERE reschedule;
CREATE INDEX job_schedules_job_name ON job_schedules (job_name);

-- Retention keeps the last few runs per job and resource.
CREATE INDEX job_histories_job_resource_idx ON job_histories (name, resource_id, created_at DESC);

CREATE FUNCTION reschedule_on_property_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed text := coalesce(NEW.name, OLD.name);
BEGIN
  IF changed LIKE 'jobs.%.schedule' THEN
    UPDATE job_schedules SET reschedule = true
    WHERE job_name = substring(changed FROM 6 FOR length(changed) - 14);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER properties_reschedule_jobs
  AFTER INSERT OR UPDATE OR DELETE ON properties
  FOR EACH ROW EXECUTE FUNCTION reschedule_on_property_change();
