-- 0055_playbook_run_job_history.sql
-- Every playbook run is a row of job history (name PlaybookRun, resource_type playbook_run,
-- resource_id the run's id, resource_name the playbook's name): RUNNING once it starts, then
-- SUCCESS (completed or skipped), FAILED (with the run's error) or STOPPED (cancelled), with its end
-- and duration. A run that ends before it ever ran (e.g. a spec the engine cannot run) gets its row
-- when it ends. Written by a trigger, so every path that moves a run is recorded.
--
-- Creates
--   functions : playbook_runs_job_history()
--   triggers  : playbook_runs_job_history   playbook_runs insert / status changes
--   indexes   : job_histories_playbook_run  (resource_id) of playbook_run rows

CREATE INDEX job_histories_playbook_run ON job_histories (resource_id) WHERE resource_type = 'playbook_run';

CREATE FUNCTION playbook_runs_job_history() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  final_status text;
  started timestamptz;
  ended timestamptz;
  playbook_name text;
BEGIN
  final_status := CASE NEW.status
    WHEN 'completed' THEN 'SUCCESS'
    WHEN 'skipped' THEN 'SUCCESS'
    WHEN 'failed' THEN 'FAILED'
    WHEN 'cancelled' THEN 'STOPPED'
  END;
  IF final_status IS NULL AND NEW.start_time IS NULL THEN
    RETURN NULL; -- pending, waiting for approval or scheduled: nothing has run yet
  END IF;
  started := coalesce(NEW.start_time, NEW.created_at);
  IF NOT EXISTS (SELECT 1 FROM job_histories WHERE resource_type = 'playbook_run' AND resource_id = NEW.id::text) THEN
    SELECT name INTO playbook_name FROM playbooks WHERE id = NEW.playbook_id;
    INSERT INTO job_histories (name, agent_id, resource_id, resource_type, resource_name, status, time_start, created_at)
    VALUES ('PlaybookRun', NEW.agent_id, NEW.id::text, 'playbook_run', playbook_name, 'RUNNING', started, started);
  END IF;
  IF final_status IS NOT NULL THEN
    ended := greatest(coalesce(NEW.end_time, now()), started);
    UPDATE job_histories
       SET status = final_status,
           time_start = started,
           time_end = ended,
           duration_millis = (extract(epoch FROM ended - started) * 1000)::integer,
           success_count = CASE WHEN final_status = 'SUCCESS' THEN 1 ELSE 0 END,
           error_count = CASE WHEN final_status = 'FAILED' THEN 1 ELSE 0 END,
           details = CASE WHEN NEW.error IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('errors', jsonb_build_array(NEW.error)) END
     WHERE resource_type = 'playbook_run' AND resource_id = NEW.id::text;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER playbook_runs_job_history AFTER INSERT OR UPDATE OF status, start_time ON playbook_runs
  FOR EACH ROW EXECUTE FUNCTION playbook_runs_job_history();
