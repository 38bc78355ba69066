-- 0061_agent_role_and_deletion.sql
-- An agent pushes and pulls as a person of its own, with the role `agent` (which grants nothing else).
-- Deleting an agent is a soft delete that revokes its person and tokens at once; with the cleanup
-- flag the resources the agent created are soft-deleted too, otherwise they stay, marked with the
-- deleted agent. History (playbook runs, job histories) is never removed.
--
-- Changes
--   tables    : person_roles   role may be 'agent'
--   triggers  : agents_before_update   the local agent is not deleted, a name is not changed,
--                                       the token's person is not swapped, a deleted agent stays deleted
--               agents_after_delete    on soft delete: revoke the person; cleanup → soft-delete
--                                       canaries, checks, topologies, components, config_scrapers,
--                                       configs and logging_backends carrying the agent's id

ALTER TABLE person_roles DROP CONSTRAINT person_roles_role_check;
ALTER TABLE person_roles ADD CONSTRAINT person_roles_role_check
  CHECK (role IN ('admin', 'editor', 'viewer', 'commander', 'responder', 'agent'));

CREATE FUNCTION agents_before_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.id = '00000000-0000-0000-0000-000000000000' AND NEW.deleted_at IS NOT NULL THEN
    RAISE EXCEPTION 'The local agent cannot be deleted'
      USING HINT = 'Only agents that report from other clusters can be deleted.';
  END IF;
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    RAISE EXCEPTION 'An agent''s name cannot be changed'
      USING HINT = 'Create a new agent with the new name and delete this one.';
  END IF;
  IF NEW.person_id IS DISTINCT FROM OLD.person_id THEN
    RAISE EXCEPTION 'An agent''s access person cannot be changed'
      USING HINT = 'Create a new agent to get a new access token.';
  END IF;
  IF OLD.deleted_at IS NOT NULL AND NEW.deleted_at IS NULL THEN
    RAISE EXCEPTION 'A deleted agent cannot be restored'
      USING HINT = 'Its access token was revoked when it was deleted; create a new agent instead.';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER agents_before_update BEFORE UPDATE ON agents
  FOR EACH ROW EXECUTE FUNCTION agents_before_update();

CREATE FUNCTION agents_after_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.person_id IS NOT NULL THEN
    UPDATE people SET deleted_at = coalesce(deleted_at, NEW.deleted_at) WHERE id = NEW.person_id;
    DELETE FROM person_roles WHERE person_id = NEW.person_id;
    DELETE FROM access_tokens WHERE person_id = NEW.person_id;
  END IF;
  IF NEW.cleanup THEN
    UPDATE checks SET deleted_at = NEW.deleted_at WHERE agent_id = NEW.id AND deleted_at IS NULL;
    UPDATE canaries SET deleted_at = NEW.deleted_at WHERE agent_id = NEW.id AND deleted_at IS NULL;
    UPDATE components SET deleted_at = NEW.deleted_at WHERE agent_id = NEW.id AND deleted_at IS NULL;
    UPDATE topologies SET deleted_at = NEW.deleted_at WHERE agent_id = NEW.id AND deleted_at IS NULL;
    UPDATE configs SET deleted_at = NEW.deleted_at WHERE agent_id = NEW.id AND deleted_at IS NULL;
    UPDATE config_scrapers SET deleted_at = NEW.deleted_at WHERE agent_id = NEW.id AND deleted_at IS NULL;
    UPDATE logging_backends SET deleted_at = NEW.deleted_at WHERE agent_id = NEW.id AND deleted_at IS NULL;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER agents_after_delete AFTER UPDATE OF deleted_at ON agents
  FOR EACH ROW WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL)
  EXECUTE FUNCTION agents_after_delete();
