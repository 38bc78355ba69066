-- 0029_topology_config_links.sql
-- A person links a component to a catalog item with POST /config_component_relationships and
-- selector_id 'manual' (spec 2 section 7). Linking an item that is already linked answers a clear
-- conflict instead of the primary key's; a link removed before (soft-deleted) is made again.
-- Links written by the topology engine (other selector ids, with ON CONFLICT) are left alone.
--
-- Creates
--   functions : config_component_relationships_manual_link()   BEFORE INSERT, selector_id = 'manual'

CREATE FUNCTION config_component_relationships_manual_link() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  existing config_component_relationships%ROWTYPE;
BEGIN
  SELECT * INTO existing FROM config_component_relationships
   WHERE component_id = NEW.component_id AND config_id = NEW.config_id
   FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NEW;
  END IF;
  IF existing.deleted_at IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'unique_violation',
      MESSAGE = 'This catalog item is already linked to the component',
      DETAIL = format('component %s and config %s are linked (selector %s)', NEW.component_id, NEW.config_id, coalesce(existing.selector_id, 'none'));
  END IF;
  DELETE FROM config_component_relationships WHERE component_id = NEW.component_id AND config_id = NEW.config_id;
  RETURN NEW;
END
$$;

CREATE TRIGGER config_component_relationships_manual_link BEFORE INSERT ON config_component_relationships
  FOR EACH ROW WHEN (NEW.selector_id = 'manual') EXECUTE FUNCTION config_component_relationships_manual_link();
