-- 0032_incident_rules.sql
-- The data rules of incidents, enforced by the database whatever path writes (the data service,
-- incident rules, a script with a token): who created a row, the status transition matrix of spec 2
-- section 4, the hypothesis tree, and what incident rules and definition-of-done scripts keep.
--
-- Creates
--   columns   : incidents.incident_rule_subject  what an incident rule opened the incident for
--                                               ('component:<id>' or 'check:<id>')
--               evidences.script_result         why a definition-of-done script gave no true/false
--   functions : incident_keep_created_by()       created_by is the session's person on insert, and never changes
--               incidents_check_status()         refuses a status change the matrix does not allow
--               hypotheses_check_tree()          root -> factor -> solution; a solution has no children
--   indexes   : incidents_rule_subject_idx       the open incident of a rule and subject

ALTER TABLE incidents ADD COLUMN incident_rule_subject text;
ALTER TABLE evidences ADD COLUMN script_result text;

CREATE INDEX incidents_rule_subject_idx ON incidents (incident_rule_id, incident_rule_subject)
  WHERE incident_rule_id IS NOT NULL AND status <> 'closed';
CREATE INDEX evidences_definition_of_done_idx ON evidences (hypothesis_id) WHERE definition_of_done;

-- created_by ---------------------------------------------------------------------------------------
-- With a caller (pharos.person_id set, as every /api/db write is), the row is theirs whatever the body
-- said; server work without a caller (incident rules) keeps what it wrote. Clearing it is left to
-- ON DELETE SET NULL of people.
CREATE FUNCTION incident_keep_created_by() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.created_by := coalesce(current_person_id(), NEW.created_by);
  ELSIF NEW.created_by IS NOT NULL THEN
    NEW.created_by := OLD.created_by;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER incidents_keep_created_by BEFORE INSERT OR UPDATE OF created_by ON incidents
  FOR EACH ROW EXECUTE FUNCTION incident_keep_created_by();
CREATE TRIGGER hypotheses_keep_created_by BEFORE INSERT OR UPDATE OF created_by ON hypotheses
  FOR EACH ROW EXECUTE FUNCTION incident_keep_created_by();
CREATE TRIGGER comments_keep_created_by BEFORE INSERT OR UPDATE OF created_by ON comments
  FOR EACH ROW EXECUTE FUNCTION incident_keep_created_by();
CREATE TRIGGER evidences_keep_created_by BEFORE INSERT OR UPDATE OF created_by ON evidences
  FOR EACH ROW EXECUTE FUNCTION incident_keep_created_by();
CREATE TRIGGER responders_keep_created_by BEFORE INSERT OR UPDATE OF created_by ON responders
  FOR EACH ROW EXECUTE FUNCTION incident_keep_created_by();

-- Incident status --------------------------------------------------------------------------------
CREATE FUNCTION incident_status_next(from_status text) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE from_status
    WHEN 'new'           THEN ARRAY['new', 'open', 'investigating', 'mitigated', 'resolved', 'closed']
    WHEN 'open'          THEN ARRAY['open', 'investigating', 'mitigated', 'resolved', 'closed']
    WHEN 'investigating' THEN ARRAY['investigating', 'mitigated', 'resolved', 'closed']
    WHEN 'mitigated'     THEN ARRAY['mitigated', 'resolved', 'closed', 'open']
    WHEN 'resolved'      THEN ARRAY['resolved', 'closed', 'open']
    WHEN 'closed'        THEN ARRAY['closed', 'open']
    ELSE ARRAY[]::text[]
  END
$$;

COMMENT ON FUNCTION incident_status_next(text) IS
  'The statuses an incident in this status may move to (spec 2 section 4).';

CREATE FUNCTION incidents_check_status() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT NEW.status = ANY (incident_status_next(OLD.status)) THEN
    RAISE EXCEPTION 'An incident cannot move from % to %', OLD.status, NEW.status
      USING ERRCODE = 'check_violation',
            DETAIL = format('Incident %s is %s', OLD.incident_id, OLD.status),
            HINT = format('From %s it can move to %s.', OLD.status, array_to_string(incident_status_next(OLD.status), ', '));
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER incidents_check_status BEFORE UPDATE OF status ON incidents
  FOR EACH ROW WHEN (NEW.status IS DISTINCT FROM OLD.status) EXECUTE FUNCTION incidents_check_status();

-- Hypothesis tree ---------------------------------------------------------------------------------
CREATE FUNCTION hypotheses_check_tree() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  parent hypotheses%ROWTYPE;
  wanted text;
BEGIN
  IF NEW.parent_id IS NULL THEN
    IF NEW.type <> 'root' THEN
      RAISE EXCEPTION 'A hypothesis without a parent must be a root, not a %', NEW.type
        USING ERRCODE = 'check_violation', HINT = 'Give a factor the root it belongs to as parent_id, and a solution its factor.';
    END IF;
  ELSE
    SELECT * INTO parent FROM hypotheses WHERE id = NEW.parent_id;
    IF FOUND THEN
      IF parent.incident_id <> NEW.incident_id THEN
        RAISE EXCEPTION 'A hypothesis and its parent must belong to the same incident'
          USING ERRCODE = 'check_violation';
      END IF;
      IF parent.type = 'solution' THEN
        RAISE EXCEPTION 'A solution cannot have children'
          USING ERRCODE = 'check_violation', HINT = 'Add the hypothesis under a root or a factor.';
      END IF;
      wanted := CASE parent.type WHEN 'root' THEN 'factor' ELSE 'solution' END;
      IF NEW.type <> wanted THEN
        RAISE EXCEPTION 'A hypothesis under a % must be a %, not a %', parent.type, wanted, NEW.type
          USING ERRCODE = 'check_violation', HINT = 'The tree is root, then factor, then solution.';
      END IF;
    END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.type IS DISTINCT FROM OLD.type THEN
    IF NEW.type = 'solution' AND EXISTS (SELECT 1 FROM hypotheses WHERE parent_id = NEW.id) THEN
      RAISE EXCEPTION 'A solution cannot have children: this hypothesis has some'
        USING ERRCODE = 'check_violation';
    END IF;
    wanted := CASE NEW.type WHEN 'root' THEN 'factor' WHEN 'factor' THEN 'solution' END;
    IF EXISTS (SELECT 1 FROM hypotheses WHERE parent_id = NEW.id AND type IS DISTINCT FROM wanted) THEN
      RAISE EXCEPTION 'A hypothesis under a % must be a %: change its children first', NEW.type, wanted
        USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER hypotheses_check_tree BEFORE INSERT OR UPDATE OF parent_id, type, incident_id ON hypotheses
  FOR EACH ROW EXECUTE FUNCTION hypotheses_check_tree();
