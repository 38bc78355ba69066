-- 0034_topology_summaries_attached.sql
-- A component's summary also adds up those of the components its selectors attach under it
-- (component_relationships, from the topology engine), as GET /api/topology lists them among its
-- children; attaching or detaching one queues the component it is attached under.
--
-- Changes
--   functions : topology_refresh_summaries()   children are a component's own and those attached under it
-- Creates
--   functions : component_summary_enqueue_attached()   trigger on component_relationships

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
          JOIN incidents i ON i.id = h.incident_id AND i.status NOT IN ('resolved', 'closed')
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

CREATE FUNCTION component_summary_enqueue_attached() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO component_summary_queue SELECT relationship_id FROM new_rows;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO component_summary_queue SELECT relationship_id FROM old_rows;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER component_summary_enqueue_insert AFTER INSERT ON component_relationships
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION component_summary_enqueue_attached();
CREATE TRIGGER component_summary_enqueue_update AFTER UPDATE ON component_relationships
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION component_summary_enqueue_attached();
CREATE TRIGGER component_summary_enqueue_delete AFTER DELETE ON component_relationships
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION component_summary_enqueue_attached();

-- Components with something attached are worked out again on the next read.
INSERT INTO component_summary_queue SELECT DISTINCT relationship_id FROM component_relationships;
