-- 0067_playbook_agent_actions.sql
-- Playbook actions that run on an agent (`runsOn`): such an action waits with status 'waiting' and
-- its agent_id until that agent claims it through GET /api/agent/playbook/action, which long-polls.
-- A NOTIFY on commit tells every server process holding that agent's poll to look again at once.
--
-- Creates
--   indexes   : playbook_run_actions_agent_waiting  (agent_id, scheduled_time) of waiting rows
--   functions : playbook_agent_action_notify()
--   triggers  : playbook_agent_action_notify        playbook_run_actions insert / status changes

CREATE INDEX playbook_run_actions_agent_waiting ON playbook_run_actions (agent_id, scheduled_time)
  WHERE status = 'waiting' AND agent_id IS NOT NULL;

CREATE FUNCTION playbook_agent_action_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'waiting' AND NEW.agent_id IS NOT NULL THEN
    PERFORM pg_notify('pharos_agent_actions', NEW.agent_id::text);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER playbook_agent_action_notify AFTER INSERT OR UPDATE OF status, agent_id ON playbook_run_actions
  FOR EACH ROW EXECUTE FUNCTION playbook_agent_action_notify();
