-- 0006_catalog.sql
-- Catalog: configuration items discovered by scrapers, their relationships, changes (a time
-- series with a daily roll-up) and analysis findings (insights).
--
-- Creates
--   tables    : configs, config_relationships (config -> related config; relation 'hard' marks
--               parent/child edges), config_component_relationships (configs <-> components),
--               check_config_relationships (checks <-> configs), config_changes,
--               config_changes_1d (roll-up per config, change_type and UTC day), config_analysis
--   functions : configs_after_parent_change()  mirrors configs.parent_id as a 'hard'
--               config_relationships row
--               config_changes_after_insert()  statement-level trigger feeding config_changes_1d

CREATE TABLE configs (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  scraper_id        uuid REFERENCES config_scrapers (id) ON DELETE SET NULL,
  agent_id          uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000'
                    REFERENCES agents (id) ON DELETE CASCADE,
  parent_id         uuid REFERENCES configs (id) ON DELETE SET NULL,
  -- ancestor ids from the root, dot separated
  path              text,
  external_id       text,
  name              text,
  -- provider::kind, e.g. Kubernetes::Pod, AWS::EC2::Instance
  type              text NOT NULL,
  config_class      text,
  -- derived from tags.namespace so the catalog search can filter it (do not write it)
  namespace         text GENERATED ALWAYS AS (tags ->> 'namespace') STORED,
  status            text,
  ready             boolean,
  health            text CHECK (health IN ('healthy', 'unhealthy', 'warning', 'unknown')),
  description       text,
  tags              jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(tags) = 'object'),
  labels            jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(labels) = 'object'),
  -- [{name, namespace, value, headline, ...}]
  properties        jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(properties) = 'array'),
  -- the item's content; when format is not json the content is stored as a JSON string
  config            jsonb,
  format            text NOT NULL DEFAULT 'json',
  source            text,
  cost_per_minute   numeric(16, 4),
  cost_total_1d     numeric(16, 4),
  cost_total_7d     numeric(16, 4),
  cost_total_30d    numeric(16, 4),
  last_scraped_time timestamptz,
  created_by        uuid DEFAULT current_person_id() REFERENCES people (id) ON DELETE SET NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  deleted_at        timestamptz
);

CREATE TRIGGER configs_set_updated_at BEFORE UPDATE ON configs
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- An edge config_id -> related_id. Outgoing from config_id (downstream), incoming to related_id
-- (upstream). relation = 'hard' for parent/child edges, any other name is a soft relation.
CREATE TABLE config_relationships (
  config_id   uuid NOT NULL REFERENCES configs (id) ON DELETE CASCADE,
  related_id  uuid NOT NULL REFERENCES configs (id) ON DELETE CASCADE,
  relation    text NOT NULL DEFAULT 'related',
  selector_id text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  deleted_at  timestamptz,
  PRIMARY KEY (config_id, related_id, relation),
  CHECK (config_id <> related_id)
);

CREATE TRIGGER config_relationships_set_updated_at BEFORE UPDATE ON config_relationships
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE FUNCTION configs_after_parent_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.parent_id IS NOT NULL THEN
    UPDATE config_relationships SET deleted_at = now()
     WHERE config_id = OLD.parent_id AND related_id = OLD.id AND relation = 'hard'
       AND deleted_at IS NULL;
  END IF;
  IF NEW.parent_id IS NOT NULL AND NEW.parent_id <> NEW.id THEN
    INSERT INTO config_relationships (config_id, related_id, relation)
    VALUES (NEW.parent_id, NEW.id, 'hard')
    ON CONFLICT (config_id, related_id, relation) DO UPDATE SET deleted_at = NULL;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER configs_parent_relationship_insert AFTER INSERT ON configs
  FOR EACH ROW WHEN (NEW.parent_id IS NOT NULL)
  EXECUTE FUNCTION configs_after_parent_change();
CREATE TRIGGER configs_parent_relationship_update AFTER UPDATE OF parent_id ON configs
  FOR EACH ROW WHEN (OLD.parent_id IS DISTINCT FROM NEW.parent_id)
  EXECUTE FUNCTION configs_after_parent_change();

-- selector_id 'manual' marks a link made by a user (POST/DELETE from the UI).
CREATE TABLE config_component_relationships (
  component_id uuid NOT NULL REFERENCES components (id) ON DELETE CASCADE,
  config_id    uuid NOT NULL REFERENCES configs (id) ON DELETE CASCADE,
  selector_id  text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  deleted_at   timestamptz,
  PRIMARY KEY (component_id, config_id)
);

CREATE TRIGGER config_component_relationships_set_updated_at BEFORE UPDATE ON config_component_relationships
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE TABLE check_config_relationships (
  config_id   uuid NOT NULL REFERENCES configs (id) ON DELETE CASCADE,
  check_id    uuid NOT NULL REFERENCES checks (id) ON DELETE CASCADE,
  selector_id text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  deleted_at  timestamptz,
  PRIMARY KEY (config_id, check_id)
);

CREATE TRIGGER check_config_relationships_set_updated_at BEFORE UPDATE ON check_config_relationships
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- ---------------------------------------------------------------------------------------------
-- Changes (time series)
-- ---------------------------------------------------------------------------------------------

CREATE TABLE config_changes (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  config_id           uuid NOT NULL REFERENCES configs (id) ON DELETE CASCADE,
  -- id of the change in its source system, for idempotent ingestion
  external_change_id  text,
  change_type         text NOT NULL,
  severity            text CHECK (severity IN ('info', 'warning', 'low', 'medium', 'high',
                                               'blocker', 'critical')),
  source              text,
  summary             text,
  details             jsonb,
  patches             jsonb,
  diff                text,
  -- number of times this change was observed (deduplicated repeats increment it)
  count               integer NOT NULL DEFAULT 1,
  first_observed      timestamptz NOT NULL DEFAULT now(),
  created_by          uuid DEFAULT current_person_id() REFERENCES people (id) ON DELETE SET NULL,
  external_created_by text,
  created_at          timestamptz NOT NULL DEFAULT now(),
  UNIQUE (config_id, external_change_id)
);

CREATE TABLE config_changes_1d (
  config_id   uuid NOT NULL REFERENCES configs (id) ON DELETE CASCADE,
  change_type text NOT NULL,
  time        timestamptz NOT NULL,
  count       integer NOT NULL DEFAULT 0,
  PRIMARY KEY (config_id, time, change_type)
);

CREATE FUNCTION config_changes_after_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO config_changes_1d AS r (config_id, change_type, time, count)
  SELECT n.config_id, n.change_type, date_trunc('day', n.created_at, 'UTC'), count(*)
  FROM new_rows n
  GROUP BY 1, 2, 3
  ON CONFLICT (config_id, time, change_type) DO UPDATE SET count = r.count + EXCLUDED.count;
  RETURN NULL;
END
$$;

CREATE TRIGGER config_changes_rollup AFTER INSERT ON config_changes
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION config_changes_after_insert();

-- ---------------------------------------------------------------------------------------------
-- Analysis (insights)
-- ---------------------------------------------------------------------------------------------

CREATE TABLE config_analysis (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  config_id      uuid NOT NULL REFERENCES configs (id) ON DELETE CASCADE,
  scraper_id     uuid REFERENCES config_scrapers (id) ON DELETE SET NULL,
  analyzer       text NOT NULL,
  analysis_type  text NOT NULL DEFAULT 'other'
                 CHECK (analysis_type IN ('cost', 'availability', 'performance', 'security',
                                          'integration', 'compliance', 'technical_debt',
                                          'reliability', 'recommendation', 'other')),
  severity       text CHECK (severity IN ('info', 'warning', 'low', 'medium', 'high',
                                          'blocker', 'critical')),
  message        text,
  summary        text,
  status         text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved', 'silenced')),
  analysis       jsonb,
  source         text,
  first_observed timestamptz NOT NULL DEFAULT now(),
  last_observed  timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TRIGGER config_analysis_set_updated_at BEFORE UPDATE ON config_analysis
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();
