-- 0031_topology_summaries.sql
-- GET /api/topology shows each component's summary: the checks by health, open incidents by type and
-- severity and open insights by type and severity of what is linked to it, added to its children's
-- summaries. Computing that over a tree of ten thousand components on every request is too slow, so
-- the summaries are kept here: a write that can change one (a check's status, a link, an incident, an
-- insight, a component moved, hidden or deleted) only queues the component it concerns, and the next
-- read works out the queued components and their ancestors, children before parents.
--
-- Creates
--   tables    : component_summaries (own, visible = own + visible children, every = own + all children),
--               component_summary_queue (components whose summary may be stale)
--   functions : topology_summary_merge(jsonb[])          adds summaries
--               topology_refresh_summaries()             works out the queued summaries; answers how many
--               component_summary_enqueue_*()            triggers queueing the concerned components

CREATE TABLE component_summaries (
  component_id uuid PRIMARY KEY REFERENCES components (id) ON DELETE CASCADE,
  own          jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- own plus the visible children's visible summaries
  visible      jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- own plus every child's every summary (GET /api/topology?hidden=true)
  every        jsonb NOT NULL DEFAULT '{}'::jsonb
);

CREATE TABLE component_summary_queue (
  component_id uuid NOT NULL
);

-- {checks: {healthy, unhealthy, warning, unknown}, incidents: {type: {severity: n}}, insights: {...}} added up.
CREATE FUNCTION topology_summary_merge(parts jsonb[]) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object(
    'checks', (SELECT jsonb_object_agg(k, coalesce((SELECT sum((p -> 'checks' ->> k)::int) FROM unnest(parts) p), 0))
                 FROM unnest(ARRAY['healthy', 'unhealthy', 'warning', 'unknown']) k),
    'incidents', (SELECT coalesce(jsonb_object_agg(kind, severities), '{}'::jsonb) FROM (
                    SELECT kind, jsonb_object_agg(severity, n) AS severities FROM (
                      SELECT t.key AS kind, s.key AS severity, sum(s.value::int) AS n
                        FROM unnest(parts) p, jsonb_each(coalesce(p -> 'incidents', '{}'::jsonb)) t, jsonb_each_text(t.value) s
                       GROUP BY 1, 2) x GROUP BY kind) y),
    'insights', (SELECT coalesce(jsonb_object_agg(kind, severities), '{}'::jsonb) FROM (
                    SELECT kind, jsonb_object_agg(severity, n) AS severities FROM (
                      SELECT t.key AS kind, s.key AS severity, sum(s.value::int) AS n
                        FROM unnest(parts) p, jsonb_each(coalesce(p -> 'insights', '{}'::jsonb)) t, jsonb_each_text(t.value) s
                       GROUP BY 1, 2) x GROUP BY kind) y));
$$;

CREATE FUNCTION topology_refresh_summaries() RETURNS integer
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
  WITH RECURSIVE up (id) AS (
    SELECT c.id FROM components c WHERE c.id = ANY(queued)
    UNION
    SELECT c.parent_id FROM up JOIN components c ON c.id = up.id WHERE c.parent_id IS NOT NULL
  ),
  chain (id, ancestor, steps) AS (
    SELECT up.id, c.parent_id, 0 FROM up JOIN components c ON c.id = up.id
    UNION ALL
    SELECT chain.id, c.parent_id, chain.steps + 1 FROM chain JOIN components c ON c.id = chain.ancestor WHERE chain.steps < 64
  )
  SELECT id, max(steps) FROM chain GROUP BY id;
  GET DIAGNOSTICS affected = ROW_COUNT;

  INSERT INTO component_summaries (component_id)
  SELECT id FROM pg_temp.summary_refresh ON CONFLICT (component_id) DO NOTHING;

  FOR level IN SELECT DISTINCT depth FROM pg_temp.summary_refresh ORDER BY depth DESC LOOP
    WITH kids AS (
      SELECT ch.parent_id AS id,
             array_agg(cs.visible) FILTER (WHERE NOT ch.hidden) AS visible,
             array_agg(cs.every) AS every
        FROM components ch JOIN component_summaries cs ON cs.component_id = ch.id
       WHERE ch.deleted_at IS NULL AND ch.parent_id IN (SELECT id FROM pg_temp.summary_refresh WHERE depth = level)
       GROUP BY ch.parent_id
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

-- Triggers: each queues the components a change concerns, statement by statement.

CREATE FUNCTION component_summary_enqueue_components() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO component_summary_queue SELECT id FROM new_rows UNION SELECT parent_id FROM new_rows WHERE parent_id IS NOT NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO component_summary_queue
    SELECT x.id FROM old_rows o JOIN new_rows n ON n.id = o.id
     CROSS JOIN LATERAL (VALUES (n.id), (o.parent_id), (n.parent_id)) AS x(id)
     WHERE x.id IS NOT NULL
       AND (o.parent_id IS DISTINCT FROM n.parent_id OR o.hidden IS DISTINCT FROM n.hidden OR o.deleted_at IS DISTINCT FROM n.deleted_at);
  ELSE
    INSERT INTO component_summary_queue SELECT parent_id FROM old_rows WHERE parent_id IS NOT NULL;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER component_summary_enqueue_insert AFTER INSERT ON components
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION component_summary_enqueue_components();
CREATE TRIGGER component_summary_enqueue_update AFTER UPDATE ON components
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION component_summary_enqueue_components();
CREATE TRIGGER component_summary_enqueue_delete AFTER DELETE ON components
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION component_summary_enqueue_components();

-- Rows of a link table (component_id), or of evidences: their component.
CREATE FUNCTION component_summary_enqueue_links() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO component_summary_queue SELECT component_id FROM new_rows WHERE component_id IS NOT NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO component_summary_queue SELECT component_id FROM old_rows WHERE component_id IS NOT NULL;
  END IF;
  RETURN NULL;
END
$$;

DO $$
DECLARE
  link text;
BEGIN
  FOREACH link IN ARRAY ARRAY['check_component_relationships', 'config_component_relationships', 'evidences'] LOOP
    EXECUTE format('CREATE TRIGGER component_summary_enqueue_insert AFTER INSERT ON %I
                      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION component_summary_enqueue_links()', link);
    EXECUTE format('CREATE TRIGGER component_summary_enqueue_update AFTER UPDATE ON %I
                      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION component_summary_enqueue_links()', link);
    EXECUTE format('CREATE TRIGGER component_summary_enqueue_delete AFTER DELETE ON %I
                      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION component_summary_enqueue_links()', link);
  END LOOP;
END
$$;

-- A check whose status or deletion changed: the components it is linked to.
CREATE FUNCTION component_summary_enqueue_checks() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO component_summary_queue
  SELECT r.component_id FROM old_rows o JOIN new_rows n ON n.id = o.id
    JOIN check_component_relationships r ON r.check_id = n.id
   WHERE o.status IS DISTINCT FROM n.status OR o.deleted_at IS DISTINCT FROM n.deleted_at;
  RETURN NULL;
END
$$;

CREATE TRIGGER component_summary_enqueue_update AFTER UPDATE ON checks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION component_summary_enqueue_checks();

-- An incident whose status, type or severity changed: the components of its evidences.
CREATE FUNCTION component_summary_enqueue_incidents() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO component_summary_queue
  SELECT e.component_id FROM old_rows o JOIN new_rows n ON n.id = o.id
    JOIN hypotheses h ON h.incident_id = n.id JOIN evidences e ON e.hypothesis_id = h.id
   WHERE e.component_id IS NOT NULL
     AND (o.status IS DISTINCT FROM n.status OR o.type IS DISTINCT FROM n.type OR o.severity IS DISTINCT FROM n.severity);
  RETURN NULL;
END
$$;

CREATE TRIGGER component_summary_enqueue_update AFTER UPDATE ON incidents
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION component_summary_enqueue_incidents();

-- An insight added, changed or removed, or a catalog item deleted: the components linked to its item.
CREATE FUNCTION component_summary_enqueue_configs() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'configs' THEN
    INSERT INTO component_summary_queue
    SELECT r.component_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      JOIN config_component_relationships r ON r.config_id = n.id
     WHERE o.deleted_at IS DISTINCT FROM n.deleted_at;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO component_summary_queue
    SELECT r.component_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      JOIN config_component_relationships r ON r.config_id IN (o.config_id, n.config_id)
     WHERE o.status IS DISTINCT FROM n.status OR o.analysis_type IS DISTINCT FROM n.analysis_type
        OR o.severity IS DISTINCT FROM n.severity OR o.config_id IS DISTINCT FROM n.config_id;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO component_summary_queue
    SELECT r.component_id FROM new_rows n JOIN config_component_relationships r ON r.config_id = n.config_id;
  ELSE
    INSERT INTO component_summary_queue
    SELECT r.component_id FROM old_rows o JOIN config_component_relationships r ON r.config_id = o.config_id;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER component_summary_enqueue_insert AFTER INSERT ON config_analysis
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION component_summary_enqueue_configs();
CREATE TRIGGER component_summary_enqueue_update AFTER UPDATE ON config_analysis
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION component_summary_enqueue_configs();
CREATE TRIGGER component_summary_enqueue_delete AFTER DELETE ON config_analysis
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION component_summary_enqueue_configs();
CREATE TRIGGER component_summary_enqueue_update AFTER UPDATE ON configs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION component_summary_enqueue_configs();

-- Components saved before this migration are worked out on the first read.
INSERT INTO component_summary_queue SELECT id FROM components;
