-- 0007_incidents.sql
-- Incidents: incidents with a human display id, the hypothesis tree, comments, evidences,
-- responders and the incident changelog. The changelog (incident_histories) is written by
-- triggers, so it is complete whatever path wrote the data (server code or /api/db).
--
-- Creates
--   sequences : incident_number_seq (feeds incidents.incident_id 'INC-<n>')
--   tables    : incidents, hypotheses, comments, responders, evidences, incident_histories
--   functions : incident_history_record(...)        helper inserting one history entry
--               incidents_history_trigger()         incident.created, incident.status_updated
--               hypotheses_history_trigger()        hypothesis.created, hypothesis.status_updated
--               comments_history_trigger()          responder.commented
--               responders_history_trigger()        responder.created
--               evidences_history_trigger()         evidence.created, evidence.done_definition_added

CREATE SEQUENCE incident_number_seq;

CREATE TABLE incidents (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- human display id
  incident_id      text NOT NULL UNIQUE DEFAULT ('INC-' || nextval('incident_number_seq')),
  title            text NOT NULL,
  description      text,
  type             text NOT NULL DEFAULT 'availability'
                   CHECK (type IN ('cost', 'availability', 'performance', 'security', 'integration',
                                   'compliance', 'technicalDebt', 'reliability')),
  severity         text NOT NULL DEFAULT 'low'
                   CHECK (severity IN ('info', 'warning', 'low', 'medium', 'high', 'blocker',
                                       'critical')),
  status           text NOT NULL DEFAULT 'open'
                   CHECK (status IN ('new', 'open', 'investigating', 'mitigated', 'resolved',
                                     'closed')),
  commander_id     uuid REFERENCES people (id) ON DELETE SET NULL,
  communicator_id  uuid REFERENCES people (id) ON DELETE SET NULL,
  incident_rule_id uuid REFERENCES incident_rules (id) ON DELETE SET NULL,
  created_by       uuid DEFAULT current_person_id() REFERENCES people (id) ON DELETE SET NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);

ALTER SEQUENCE incident_number_seq OWNED BY incidents.incident_id;

CREATE TRIGGER incidents_set_updated_at BEFORE UPDATE ON incidents
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE TABLE hypotheses (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  incident_id uuid NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  parent_id   uuid REFERENCES hypotheses (id) ON DELETE CASCADE,
  title       text,
  type        text NOT NULL DEFAULT 'root' CHECK (type IN ('root', 'factor', 'solution')),
  status      text NOT NULL DEFAULT 'possible'
              CHECK (status IN ('proven', 'likely', 'possible', 'unlikely', 'improbable',
                                'disproven')),
  created_by  uuid DEFAULT current_person_id() REFERENCES people (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CHECK (parent_id IS NULL OR parent_id <> id)
);

CREATE TRIGGER hypotheses_set_updated_at BEFORE UPDATE ON hypotheses
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- Responders: a team (type 'system', notified through the team's responder clients) or a
-- person (type 'person'). properties = {responderType, ...client fields}. Soft-deleted.
CREATE TABLE responders (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  incident_id      uuid NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  type             text NOT NULL CHECK (type IN ('person', 'system')),
  team_id          uuid REFERENCES teams (id) ON DELETE CASCADE,
  person_id        uuid REFERENCES people (id) ON DELETE CASCADE,
  external_id      text,
  properties       jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(properties) = 'object'),
  acknowledge_time timestamptz,
  signoff_time     timestamptz,
  close_time       timestamptz,
  created_by       uuid DEFAULT current_person_id() REFERENCES people (id) ON DELETE SET NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  deleted_at       timestamptz,
  CHECK (team_id IS NOT NULL OR person_id IS NOT NULL)
);

CREATE TRIGGER responders_set_updated_at BEFORE UPDATE ON responders
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE TABLE comments (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  incident_id         uuid NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  hypothesis_id       uuid REFERENCES hypotheses (id) ON DELETE CASCADE,
  -- set when the comment came from an external responder system (e.g. a Jira comment)
  responder_id        uuid REFERENCES responders (id) ON DELETE SET NULL,
  comment             text NOT NULL,
  external_id         text,
  external_created_by text,
  created_by          uuid DEFAULT current_person_id() REFERENCES people (id) ON DELETE SET NULL,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);

CREATE TRIGGER comments_set_updated_at BEFORE UPDATE ON comments
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE TABLE evidences (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  hypothesis_id       uuid NOT NULL REFERENCES hypotheses (id) ON DELETE CASCADE,
  type                text NOT NULL CHECK (type IN ('log', 'config', 'topology', 'check',
                                                    'config_analysis', 'config_change', 'comment')),
  description         text,
  -- {comment, lines, selected_lines, start, includeMessages, ...}
  evidence            jsonb NOT NULL DEFAULT '{}'::jsonb,
  properties          jsonb NOT NULL DEFAULT '{}'::jsonb,
  definition_of_done  boolean NOT NULL DEFAULT false,
  done                boolean NOT NULL DEFAULT false,
  -- expression deciding done, e.g. 'status == healthy'
  script              text,
  config_id           uuid REFERENCES configs (id) ON DELETE SET NULL,
  config_analysis_id  uuid REFERENCES config_analysis (id) ON DELETE SET NULL,
  config_change_id    uuid REFERENCES config_changes (id) ON DELETE SET NULL,
  component_id        uuid REFERENCES components (id) ON DELETE SET NULL,
  check_id            uuid REFERENCES checks (id) ON DELETE SET NULL,
  responder_id        uuid REFERENCES responders (id) ON DELETE SET NULL,
  external_created_by text,
  created_by          uuid DEFAULT current_person_id() REFERENCES people (id) ON DELETE SET NULL,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);

CREATE TRIGGER evidences_set_updated_at BEFORE UPDATE ON evidences
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE TABLE incident_histories (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  incident_id   uuid NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  type          text NOT NULL CHECK (type IN ('incident.created', 'incident.status_updated',
                                              'incident_status.updated', 'responder.created',
                                              'responder.commented', 'evidence.created',
                                              'evidence.done_definition_added',
                                              'hypothesis.created', 'hypothesis.status_updated')),
  description   text,
  -- e.g. {"from": "open", "to": "investigating"} for status updates
  properties    jsonb NOT NULL DEFAULT '{}'::jsonb,
  responder_id  uuid REFERENCES responders (id) ON DELETE SET NULL,
  evidence_id   uuid REFERENCES evidences (id) ON DELETE SET NULL,
  hypothesis_id uuid REFERENCES hypotheses (id) ON DELETE SET NULL,
  comment_id    uuid REFERENCES comments (id) ON DELETE SET NULL,
  created_by    uuid DEFAULT current_person_id() REFERENCES people (id) ON DELETE SET NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);

-- ---------------------------------------------------------------------------------------------
-- Changelog triggers
-- ---------------------------------------------------------------------------------------------

CREATE FUNCTION incident_history_record(
  p_incident_id uuid, p_type text, p_description text, p_created_by uuid,
  p_properties jsonb DEFAULT '{}'::jsonb, p_responder_id uuid DEFAULT NULL,
  p_evidence_id uuid DEFAULT NULL, p_hypothesis_id uuid DEFAULT NULL,
  p_comment_id uuid DEFAULT NULL
) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO incident_histories (incident_id, type, description, properties, responder_id,
                                  evidence_id, hypothesis_id, comment_id, created_by)
  VALUES (p_incident_id, p_type, p_description, coalesce(p_properties, '{}'::jsonb),
          p_responder_id, p_evidence_id, p_hypothesis_id, p_comment_id,
          coalesce(p_created_by, current_person_id()));
$$;

CREATE FUNCTION incidents_history_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM incident_history_record(NEW.id, 'incident.created', NEW.title, NEW.created_by,
                                    jsonb_build_object('status', NEW.status,
                                                       'severity', NEW.severity,
                                                       'type', NEW.type));
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    PERFORM incident_history_record(NEW.id, 'incident.status_updated',
                                    format('Status changed from %s to %s', OLD.status, NEW.status),
                                    current_person_id(),
                                    jsonb_build_object('from', OLD.status, 'to', NEW.status));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER incidents_history AFTER INSERT OR UPDATE OF status ON incidents
  FOR EACH ROW EXECUTE FUNCTION incidents_history_trigger();

CREATE FUNCTION hypotheses_history_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM incident_history_record(NEW.incident_id, 'hypothesis.created', NEW.title,
                                    NEW.created_by,
                                    jsonb_build_object('type', NEW.type, 'status', NEW.status),
                                    p_hypothesis_id => NEW.id);
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    PERFORM incident_history_record(NEW.incident_id, 'hypothesis.status_updated',
                                    format('Status changed from %s to %s', OLD.status, NEW.status),
                                    current_person_id(),
                                    jsonb_build_object('from', OLD.status, 'to', NEW.status),
                                    p_hypothesis_id => NEW.id);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER hypotheses_history AFTER INSERT OR UPDATE OF status ON hypotheses
  FOR EACH ROW EXECUTE FUNCTION hypotheses_history_trigger();

CREATE FUNCTION comments_history_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM incident_history_record(NEW.incident_id, 'responder.commented', NEW.comment,
                                  NEW.created_by, '{}'::jsonb,
                                  p_responder_id => NEW.responder_id,
                                  p_hypothesis_id => NEW.hypothesis_id,
                                  p_comment_id => NEW.id);
  RETURN NULL;
END
$$;

CREATE TRIGGER comments_history AFTER INSERT ON comments
  FOR EACH ROW EXECUTE FUNCTION comments_history_trigger();

CREATE FUNCTION responders_history_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM incident_history_record(NEW.incident_id, 'responder.created', NULL, NEW.created_by,
                                  jsonb_build_object('type', NEW.type,
                                                     'team_id', NEW.team_id,
                                                     'person_id', NEW.person_id),
                                  p_responder_id => NEW.id);
  RETURN NULL;
END
$$;

CREATE TRIGGER responders_history AFTER INSERT ON responders
  FOR EACH ROW EXECUTE FUNCTION responders_history_trigger();

CREATE FUNCTION evidences_history_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_incident_id uuid;
BEGIN
  SELECT h.incident_id INTO v_incident_id FROM hypotheses h WHERE h.id = NEW.hypothesis_id;
  IF v_incident_id IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM incident_history_record(v_incident_id, 'evidence.created', NEW.description,
                                    NEW.created_by, jsonb_build_object('type', NEW.type),
                                    p_evidence_id => NEW.id,
                                    p_hypothesis_id => NEW.hypothesis_id);
  ELSIF NEW.definition_of_done AND NOT OLD.definition_of_done THEN
    PERFORM incident_history_record(v_incident_id, 'evidence.done_definition_added',
                                    NEW.description, current_person_id(), '{}'::jsonb,
                                    p_evidence_id => NEW.id,
                                    p_hypothesis_id => NEW.hypothesis_id);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER evidences_history AFTER INSERT OR UPDATE OF definition_of_done ON evidences
  FOR EACH ROW EXECUTE FUNCTION evidences_history_trigger();
