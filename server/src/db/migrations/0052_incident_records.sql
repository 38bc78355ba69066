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
--   functions : topology_refresh_summaries()                 a component's open incidents leave deleted ones out
--               component_summary_enqueue_incidents()        deleting or restoring queues the components too

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

-- Topology summaries: the open incidents of a component are those not deleted (0034's function,
-- with that condition), and deleting or restoring one queues its components like a status change.
CREATE OR REPLACE FUNCTION topology_refresh_summaries() RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  queued uuid[];
  affected integer;
  level integer;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM component_summary_queue) THEN
    RETURN 0;
  END IF;
  -- One refresh at a time; a second waits and then finds the queue worked off.
  PERFORM pg_advisory_xact_lock(hashtext('topology_refresh_summaries'));
  WITH taken AS (DELETE FROM component_summary_queue RETURNING component_id)
  SELECT array_agg(DISTINCT component_id) INTO queued FROM taken;
  IF queued IS NULL THEN
    RETURN 0;
  END IF;

  -- What is linked to each queued component itself.
  INSERT INTO component_summaries (component_id, own)
  WITH ck AS (
    SELECT r.component_id AS id,
           jsonb_build_object(
             'healthy', count(*) FILTER (WHERE k.status = 'healthy'),
             'unhealthy', count(*) FILTER (WHERE k.status = 'unhealthy'),
             'warning', 0,
             'unknown', count(*) FILTER (WHERE k.status IS NULL)) AS checks
      FROM check_component_relationships r JOIN checks k ON k.id = r.check_id AND k.deleted_at IS NULL
     WHERE r.component_id = ANY(queued) AND r.deleted_at IS NULL
     GROUP BY r.component_id
  ),
  inc AS (
    SELECT id, jsonb_object_agg(type, severities) AS incidents FROM (
      SELECT id, type, jsonb_object_agg(severity, n) AS severities FROM (
        SELECT e.component_id AS id, i.type, i.severity, count(DISTINCT i.id) AS n
          FROM evidences e JOIN hypotheses h ON h.id = e.hypothesis_id
          JOIN incidents i ON i.id = h.incident_id AND i.status NOT IN ('resolved', 'closed') AND i.deleted_at IS NULL
         WHERE e.component_id = ANY(queued)
         GROUP BY 1, 2, 3) x GROUP BY id, type) y
     GROUP BY id
  ),
  ins AS (
    SELECT id, jsonb_object_agg(analysis_type, severities) AS insights FROM (
      SELECT id, analysis_type, jsonb_object_agg(severity, n) AS severities FROM (
        SELECT ccr.component_id AS id, ca.analysis_type, coalesce(ca.severity, 'info') AS severity, count(DISTINCT ca.id) AS n
          FROM config_component_relationships ccr
          JOIN configs cf ON cf.id = ccr.config_id AND cf.deleted_at IS NULL
          JOIN config_analysis ca ON ca.config_id = cf.id AND ca.status = 'open'
         WHERE ccr.component_id = ANY(queued) AND ccr.deleted_at IS NULL
         GROUP BY 1, 2, 3) x GROUP BY id, analysis_type) y
     GROUP BY id
  )
  SELECT c.id, jsonb_build_object(
           'checks', coalesce(ck.checks, '{"healthy": 0, "unhealthy": 0, "warning": 0, "unknown": 0}'::jsonb),
           'incidents', coalesce(inc.incidents, '{}'::jsonb),
           'insights', coalesce(ins.insights, '{}'::jsonb))
    FROM components c
    LEFT JOIN ck ON ck.id = c.id
    LEFT JOIN inc ON inc.id = c.id
    LEFT JOIN ins ON ins.id = c.id
   WHERE c.id = ANY(queued)
  ON CONFLICT (component_id) DO UPDATE SET own = excluded.own;

  -- The queued components and their ancestors, each with its depth, worked out deepest first.
  CREATE TEMP TABLE IF NOT EXISTS pg_temp.summary_refresh (id uuid PRIMARY KEY, depth integer) ON COMMIT DROP;
  TRUNCATE pg_temp.summary_refresh;
  INSERT INTO pg_temp.summary_refresh (id, depth)
  WITH RECURSIVE holders (id, holder) AS (
    SELECT id, parent_id FROM components WHERE parent_id IS NOT NULL
    UNION ALL
    SELECT component_id, relationship_id FROM component_relationships WHERE deleted_at IS NULL
  ),
  up (id) AS (
    SELECT c.id FROM components c WHERE c.id = ANY(queued)
    UNION
    SELECT h.holder FROM up JOIN holders h ON h.id = up.id
  ),
  -- Depth: the longest way up from a component (bounded, should attachments make a loop).
  chain (id, ancestor, steps) AS (
    SELECT up.id, up.id, 0 FROM up
    UNION ALL
    SELECT chain.id, h.holder, chain.steps + 1 FROM chain JOIN holders h ON h.id = chain.ancestor WHERE chain.steps < 16
  )
  SELECT id, max(steps) FROM chain GROUP BY id;
  GET DIAGNOSTICS affected = ROW_COUNT;

  INSERT INTO component_summaries (component_id)
  SELECT id FROM pg_temp.summary_refresh ON CONFLICT (component_id) DO NOTHING;

  FOR level IN SELECT DISTINCT depth FROM pg_temp.summary_refresh ORDER BY depth DESC LOOP
    WITH held (holder, id) AS (
      SELECT parent_id, id FROM components WHERE parent_id IN (SELECT id FROM pg_temp.summary_refresh WHERE depth = level)
      UNION
      SELECT relationship_id, component_id FROM component_relationships
       WHERE deleted_at IS NULL AND relationship_id IN (SELECT id FROM pg_temp.summary_refresh WHERE depth = level)
    ),
    kids AS (
      SELECT held.holder AS id,
             array_agg(cs.visible) FILTER (WHERE NOT ch.hidden) AS visible,
             array_agg(cs.every) AS every
        FROM held JOIN components ch ON ch.id = held.id JOIN component_summaries cs ON cs.component_id = ch.id
       WHERE ch.deleted_at IS NULL AND ch.id <> held.holder
       GROUP BY held.holder
    )
    UPDATE component_summaries s
       SET visible = CASE WHEN k.visible IS NULL THEN s.own ELSE topology_summary_merge(s.own || k.visible) END,
           every = CASE WHEN k.every IS NULL THEN s.own ELSE topology_summary_merge(s.own || k.every) END
      FROM pg_temp.summary_refresh r LEFT JOIN kids k ON k.id = r.id
     WHERE r.depth = level AND s.component_id = r.id;
  END LOOP;
  RETURN affected;
END
$$;


CREATE OR REPLACE FUNCTION component_summary_enqueue_incidents() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO component_summary_queue
  SELECT e.component_id FROM old_rows o JOIN new_rows n ON n.id = o.id
    JOIN hypotheses h ON h.incident_id = n.id JOIN evidences e ON e.hypothesis_id = h.id
   WHERE e.component_id IS NOT NULL
     AND (o.status IS DISTINCT FROM n.status OR o.type IS DISTINCT FROM n.type OR o.severity IS DISTINCT FROM n.severity
          OR o.deleted_at IS DISTINCT FROM n.deleted_at);
  RETURN NULL;
END
$$;
