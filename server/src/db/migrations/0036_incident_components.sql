-- 0036_incident_components.sql
-- /incidents filters by component (component_ids=cs.{id}): incident_summary worked the components
-- out of every incident's evidence and then filtered, about a second at 100,000 incidents. The
-- components of each incident's evidence are kept by triggers in a table of their own, indexed, and
-- the view reads them from there.
--
-- Creates
--   tables    : incident_components            one row per incident: the components its evidence points at
--   functions : incident_components_refresh(uuid[])      works out the components of these incidents again
--               incident_components_add()                 trigger: a row for each new incident
--               incident_components_from_evidences()      trigger: evidence added, moved, re-pointed or removed
--               incident_components_from_hypotheses()     trigger: a hypothesis moved or removed
--   indexes   : incident_components_ids_idx    GIN over component_ids
-- Changes
--   views     : incident_summary               component_ids from incident_components

CREATE TABLE incident_components (
  incident_id   uuid PRIMARY KEY REFERENCES incidents (id) ON DELETE CASCADE,
  component_ids uuid[] NOT NULL DEFAULT '{}'
);

CREATE INDEX incident_components_ids_idx ON incident_components USING gin (component_ids);

CREATE FUNCTION incident_components_refresh(incident_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE incident_components x
     SET component_ids = coalesce((SELECT array_agg(DISTINCT e.component_id ORDER BY e.component_id)
                                     FROM hypotheses h JOIN evidences e ON e.hypothesis_id = h.id
                                    WHERE h.incident_id = x.incident_id AND e.component_id IS NOT NULL), '{}')
   WHERE x.incident_id = ANY (incident_ids);
$$;

CREATE FUNCTION incident_components_add() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO incident_components (incident_id) SELECT id FROM new_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

CREATE TRIGGER incident_components_add AFTER INSERT ON incidents
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION incident_components_add();

CREATE FUNCTION incident_components_from_evidences() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT h.incident_id) INTO changed
      FROM new_rows n JOIN hypotheses h ON h.id = n.hypothesis_id WHERE n.component_id IS NOT NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT h.incident_id) INTO changed
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      JOIN hypotheses h ON h.id IN (o.hypothesis_id, n.hypothesis_id)
     WHERE o.component_id IS DISTINCT FROM n.component_id OR o.hypothesis_id IS DISTINCT FROM n.hypothesis_id;
  ELSE
    -- Evidence removed with its hypothesis has no hypothesis left here: the hypotheses' trigger covers it.
    SELECT array_agg(DISTINCT h.incident_id) INTO changed
      FROM old_rows o JOIN hypotheses h ON h.id = o.hypothesis_id WHERE o.component_id IS NOT NULL;
  END IF;
  IF changed IS NOT NULL THEN
    PERFORM incident_components_refresh(changed);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER incident_components_insert AFTER INSERT ON evidences
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION incident_components_from_evidences();
CREATE TRIGGER incident_components_update AFTER UPDATE ON evidences
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION incident_components_from_evidences();
CREATE TRIGGER incident_components_delete AFTER DELETE ON evidences
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION incident_components_from_evidences();

CREATE FUNCTION incident_components_from_hypotheses() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT x.id) INTO changed
      FROM old_rows o JOIN new_rows n ON n.id = o.id, unnest(ARRAY[o.incident_id, n.incident_id]) AS x(id)
     WHERE o.incident_id IS DISTINCT FROM n.incident_id;
  ELSE
    SELECT array_agg(DISTINCT o.incident_id) INTO changed FROM old_rows o;
  END IF;
  IF changed IS NOT NULL THEN
    PERFORM incident_components_refresh(changed);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER incident_components_update AFTER UPDATE ON hypotheses
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION incident_components_from_hypotheses();
CREATE TRIGGER incident_components_delete AFTER DELETE ON hypotheses
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION incident_components_from_hypotheses();

INSERT INTO incident_components (incident_id, component_ids)
SELECT i.id, coalesce(c.ids, '{}')
  FROM incidents i
  LEFT JOIN (SELECT h.incident_id, array_agg(DISTINCT e.component_id ORDER BY e.component_id) AS ids
               FROM hypotheses h JOIN evidences e ON e.hypothesis_id = h.id
              WHERE e.component_id IS NOT NULL GROUP BY h.incident_id) c ON c.incident_id = i.id;

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
) ev ON true;
