-- 0030_topology_engine.sql
-- What the topology engine needs: a topology.changed event whenever a Topology is created, changed or
-- deleted (the engine syncs its schedule from it, however it was written); the components a `selectors`
-- entry attaches under another component; each component's status expression, kept so that its health
-- can be worked out again without a run; and a topology.health.stale event for each component whose
-- linked check or catalog item changed health, from which the engine recomputes that component.
--
-- Changes
--   components : status_expr (CEL, or a Go template when it holds '{{'), health_expr
-- Creates
--   tables    : component_relationships (component_id attached under relationship_id by selector_id)
--   functions : topologies_emit_changed()               topology.changed on insert, update and delete
--               components_stale_on_check_status()      topology.health.stale per component of a check
--               components_stale_on_config_health()     topology.health.stale per component of a config

ALTER TABLE components ADD COLUMN status_expr text, ADD COLUMN health_expr text;

CREATE TABLE component_relationships (
  component_id    uuid NOT NULL REFERENCES components (id) ON DELETE CASCADE,
  relationship_id uuid NOT NULL REFERENCES components (id) ON DELETE CASCADE,
  selector_id     text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  deleted_at      timestamptz,
  PRIMARY KEY (component_id, relationship_id)
);

CREATE INDEX component_relationships_relationship_id_idx ON component_relationships (relationship_id) WHERE deleted_at IS NULL;

CREATE TRIGGER component_relationships_set_updated_at BEFORE UPDATE ON component_relationships
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE FUNCTION topologies_emit_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM enqueue_event('topology.changed', coalesce(NEW.id, OLD.id)::text, jsonb_build_object('topology_id', coalesce(NEW.id, OLD.id)));
  RETURN NULL;
END
$$;

CREATE TRIGGER topologies_emit_changed_insert AFTER INSERT ON topologies
  FOR EACH ROW EXECUTE FUNCTION topologies_emit_changed();
CREATE TRIGGER topologies_emit_changed_update AFTER UPDATE OF spec, name, namespace, labels, deleted_at ON topologies
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION topologies_emit_changed();
CREATE TRIGGER topologies_emit_changed_delete AFTER DELETE ON topologies
  FOR EACH ROW EXECUTE FUNCTION topologies_emit_changed();

CREATE FUNCTION components_stale_on_check_status() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM enqueue_event('topology.health.stale', r.component_id::text, jsonb_build_object('component_id', r.component_id))
  FROM check_component_relationships r
  WHERE r.check_id = NEW.id AND r.deleted_at IS NULL;
  RETURN NULL;
END
$$;

CREATE TRIGGER components_stale_on_check_status AFTER UPDATE OF status, deleted_at ON checks
  FOR EACH ROW WHEN (NEW.status IS DISTINCT FROM OLD.status OR NEW.deleted_at IS DISTINCT FROM OLD.deleted_at)
  EXECUTE FUNCTION components_stale_on_check_status();

CREATE FUNCTION components_stale_on_config_health() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM enqueue_event('topology.health.stale', r.component_id::text, jsonb_build_object('component_id', r.component_id))
  FROM config_component_relationships r
  WHERE r.config_id = NEW.id AND r.deleted_at IS NULL;
  RETURN NULL;
END
$$;

CREATE TRIGGER components_stale_on_config_health AFTER UPDATE OF health, deleted_at ON configs
  FOR EACH ROW WHEN (NEW.health IS DISTINCT FROM OLD.health OR NEW.deleted_at IS DISTINCT FROM OLD.deleted_at)
  EXECUTE FUNCTION components_stale_on_config_health();

-- Topologies saved before this migration are synced once.
SELECT enqueue_event('topology.changed', id::text, jsonb_build_object('topology_id', id)) FROM topologies;
