-- 0052_incident_records.sql
-- The records people rely on during an incident keep whoever wrote them and whatever they said,
-- whichever path writes (the data service, a script with a token, SQL):
-- - An incident is never removed: a DELETE marks it deleted (when, by whom, with a changelog entry);
--   lists leave it out, and an administrator restores it by clearing deleted_at.
-- - A comment's text is changed only by its author; each edit keeps the text it replaced.
--
-- Creates
--   columns   : incidents.deleted_at, incidents.deleted_by    a soft delete and its author
--               comments.edited_at                            when the text last changed
--   tables    : comment_edits                                 a comment's earlier texts, oldest first
--   functions : incidents_soft_delete()                       BEFORE DELETE: marks the incident deleted instead
--               incidents_keep_deletion()                     who deleted; only administrators restore
--               incidents_deletion_history()                  incident.deleted / incident.restored entries
--               comments_keep_author()                        only the author edits; each edit is kept
-- Changes
--   constraints: incident_histories_type_check               + incident.deleted, incident.restored, comment.edited
--   views     : incident_summary, incidents_by_component, incidents_by_config   without deleted incidents

ALTER TABLE incidents
  ADD COLUMN deleted_at timestamptz,
  ADD COLUMN deleted_by uuid REFERENCES people (id) ON DELETE SET NULL;

ALTER TABLE comments ADD COLUMN edited_at timestamptz;

CREATE TABLE comment_edits (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  comment_id  uuid NOT NULL REFERENCES comments (id) ON DELETE CASCADE,
  incident_id uuid NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  -- the text as it was before this edit
  comment     text NOT NULL,
  edited_by   uuid REFERENCES people (id) ON DELETE SET NULL,
  edited_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX comment_edits_comment_id_idx ON comment_edits (comment_id, edited_at);

ALTER TABLE incident_histories DROP CONSTRAINT incident_histories_type_check;
ALTER TABLE incident_histories ADD CONSTRAINT incident_histories_type_check
  CHECK (type IN ('incident.created', 'incident.status_updated', 'incident_status.updated',
                  'incident.deleted', 'incident.restored', 'responder.created', 'responder.commented',
                  'comment.edited', 'evidence.created', 'evidence.done_definition_added',
                  'hypothesis.created', 'hypothesis.status_updated'));

-- Soft delete -----------------------------------------------------------------------------------
-- The data service turns its DELETE into the same UPDATE (so it answers the rows it marked); this
-- trigger does it for every other path.
CREATE FUNCTION incidents_soft_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE incidents SET deleted_at = now() WHERE id = OLD.id AND deleted_at IS NULL;
  RETURN NULL;
END
$$;

CREATE TRIGGER incidents_soft_delete BEFORE DELETE ON incidents
  FOR EACH ROW EXECUTE FUNCTION incidents_soft_delete();

CREATE FUNCTION caller_is_admin() RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM person_roles pr JOIN people p ON p.id = pr.person_id AND p.deleted_at IS NULL
                  WHERE pr.person_id = current_person_id() AND pr.role = 'admin')
$$;

COMMENT ON FUNCTION caller_is_admin() IS
  'Whether the person of pharos.person_id holds the admin role now.';

-- deleted_by is the caller who deleted; the time and author of a deletion never change afterwards.
-- Restoring (deleted_at back to NULL) is an administrator's, or the server's own work without a caller.
CREATE FUNCTION incidents_keep_deletion() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.deleted_by := CASE WHEN NEW.deleted_at IS NOT NULL THEN current_person_id() END;
    RETURN NEW;
  END IF;
  IF OLD.deleted_at IS NOT NULL AND NEW.deleted_at IS NULL THEN
    IF current_person_id() IS NOT NULL AND NOT caller_is_admin() THEN
      RAISE EXCEPTION 'Only an administrator can restore a deleted incident'
        USING ERRCODE = 'insufficient_privilege',
              DETAIL = format('Incident %s was deleted at %s', OLD.incident_id, OLD.deleted_at),
              HINT = 'Ask an administrator to restore it on the incident''s page.';
    END IF;
    NEW.deleted_by := NULL;
  ELSIF OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL THEN
    NEW.deleted_by := current_person_id();
  ELSE
    NEW.deleted_at := OLD.deleted_at;
    NEW.deleted_by := OLD.deleted_by;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER incidents_keep_deletion BEFORE INSERT OR UPDATE OF deleted_at, deleted_by ON incidents
  FOR EACH ROW EXECUTE FUNCTION incidents_keep_deletion();

CREATE FUNCTION incidents_deletion_history() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.deleted_at IS NOT NULL THEN
    PERFORM incident_history_record(NEW.id, 'incident.deleted', format('Incident %s deleted', NEW.incident_id),
                                    current_person_id(), jsonb_build_object('deleted_at', NEW.deleted_at));
  ELSE
    PERFORM incident_history_record(NEW.id, 'incident.restored', format('Incident %s restored', NEW.incident_id),
                                    current_person_id(), jsonb_build_object('deleted_at', OLD.deleted_at));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER incidents_deletion_history AFTER UPDATE OF deleted_at ON incidents
  FOR EACH ROW WHEN (OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION incidents_deletion_history();

CREATE INDEX incidents_deleted_at_idx ON incidents (deleted_at) WHERE deleted_at IS NOT NULL;

-- Comments -------------------------------------------------------------------------------------
-- Who wrote a comment is who it is shown as, so only they change what it says (or where it is).
-- Without a caller nobody is the author: server work does not rewrite comments either.
CREATE FUNCTION comments_keep_author() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.comment IS NOT DISTINCT FROM OLD.comment AND NEW.incident_id IS NOT DISTINCT FROM OLD.incident_id
     AND NEW.hypothesis_id IS NOT DISTINCT FROM OLD.hypothesis_id THEN
    NEW.edited_at := OLD.edited_at;
    RETURN NEW;
  END IF;
  IF OLD.created_by IS NULL OR current_person_id() IS DISTINCT FROM OLD.created_by THEN
    RAISE EXCEPTION 'Only the author of a comment can edit it'
      USING ERRCODE = 'insufficient_privilege',
            DETAIL = format('Comment %s was written by %s', OLD.id,
                            coalesce((SELECT p.name FROM people p WHERE p.id = OLD.created_by), OLD.external_created_by, 'someone else')),
            HINT = 'Reply with a comment of your own instead.';
  END IF;
  IF NEW.comment IS DISTINCT FROM OLD.comment THEN
    INSERT INTO comment_edits (comment_id, incident_id, comment, edited_by) VALUES (OLD.id, OLD.incident_id, OLD.comment, current_person_id());
    NEW.edited_at := now();
    PERFORM incident_history_record(NEW.incident_id, 'comment.edited', NEW.comment, current_person_id(),
                                    jsonb_build_object('previous', OLD.comment),
                                    p_hypothesis_id => NEW.hypothesis_id, p_comment_id => NEW.id);
  ELSE
    NEW.edited_at := OLD.edited_at;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER comments_keep_author BEFORE UPDATE ON comments
  FOR EACH ROW EXECUTE FUNCTION comments_keep_author();

-- Lists ----------------------------------------------------------------------------------------
CREATE OR REPLACE VIEW incident_summary AS
SELECT i.id, i.incident_id, i.title, i.description, i.type, i.severity, i.status,
       i.commander_id, i.communicator_id, i.incident_rule_id, i.created_by, i.created_at,
       i.updated_at,
       CASE WHEN cm.id IS NOT NULL
            THEN jsonb_build_object('id', cm.id, 'name', cm.name, 'avatar', cm.avatar)
       END AS commander,
       coalesce(rs.responders, '[]'::jsonb) AS responders,
       coalesce(rs.responders_count, 0) AS responders_count,
       (SELECT count(*) FROM hypotheses h WHERE h.incident_id = i.id) AS hypotheses_count,
       coalesce(ev.evidences_count, 0) AS evidences_count,
       (SELECT count(*) FROM comments co WHERE co.incident_id = i.id) AS comments_count,
       ic.component_ids,
       coalesce(ev.config_ids, '{}'::uuid[]) AS config_ids
FROM incidents i
JOIN incident_components ic ON ic.incident_id = i.id
LEFT JOIN people cm ON cm.id = i.commander_id
LEFT JOIN LATERAL (
  SELECT jsonb_agg(jsonb_build_object(
           'id', r.id, 'type', r.type, 'team_id', r.team_id, 'person_id', r.person_id,
           'name', coalesce(p.name, t.name), 'avatar', p.avatar, 'icon', t.icon)
           ORDER BY r.created_at) AS responders,
         count(*) AS responders_count
  FROM responders r
  LEFT JOIN people p ON p.id = r.person_id
  LEFT JOIN teams t ON t.id = r.team_id
  WHERE r.incident_id = i.id AND r.deleted_at IS NULL
) rs ON true
LEFT JOIN LATERAL (
  SELECT count(*) AS evidences_count,
         array_agg(DISTINCT e.config_id) FILTER (WHERE e.config_id IS NOT NULL) AS config_ids
  FROM hypotheses h
  JOIN evidences e ON e.hypothesis_id = h.id
  WHERE h.incident_id = i.id
) ev ON true
WHERE i.deleted_at IS NULL;

CREATE OR REPLACE VIEW incidents_by_component AS
SELECT DISTINCT e.component_id, i.id, i.incident_id, i.title, i.description, i.type, i.severity,
       i.status, i.commander_id, i.created_by, i.created_at, i.updated_at
FROM evidences e
JOIN hypotheses h ON h.id = e.hypothesis_id
JOIN incidents i ON i.id = h.incident_id
WHERE e.component_id IS NOT NULL AND i.deleted_at IS NULL;

CREATE OR REPLACE VIEW incidents_by_config AS
SELECT DISTINCT e.config_id, i.id, i.incident_id, i.title, i.description, i.type, i.severity,
       i.status, i.commander_id, i.created_by, i.created_at, i.updated_at
FROM evidences e
JOIN hypotheses h ON h.id = e.hypothesis_id
JOIN incidents i ON i.id = h.incident_id
WHERE e.config_id IS NOT NULL AND i.deleted_at IS NULL;
