-- 0005_topology.sql
-- Topology: components produced by topologies (a tree through parent_id), the checks linked to
-- them and the teams that own them.
--
-- Creates
--   tables : components, check_component_relationships (checks <-> components),
--            team_component_relationships (teams <-> components; read through the
--            team_components view)

CREATE TABLE components (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  topology_id     uuid REFERENCES topologies (id) ON DELETE CASCADE,
  agent_id        uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000'
                  REFERENCES agents (id) ON DELETE CASCADE,
  parent_id       uuid REFERENCES components (id) ON DELETE CASCADE,
  -- ancestor ids from the root, dot separated ('' for a root)
  path            text,
  external_id     text,
  name            text NOT NULL,
  title           text,
  text            text,
  icon            text,
  type            text,
  tooltip         text,
  owner           text,
  lifecycle       text,
  description     text,
  labels          jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(labels) = 'object'),
  -- [{name, type, text, value, unit, max, icon, color, headline, links}]
  properties      jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(properties) = 'array'),
  -- {checks: {healthy, unhealthy, warning, unknown}, incidents: {type: {severity: n}},
  --  insights: {type: {severity: n}}}
  summary         jsonb NOT NULL DEFAULT '{}'::jsonb,
  status          text CHECK (status IN ('healthy', 'unhealthy', 'warning', 'unknown', 'info')),
  status_reason   text,
  health          text CHECK (health IN ('healthy', 'unhealthy', 'warning', 'unknown')),
  hidden          boolean NOT NULL DEFAULT false,
  is_leaf         boolean NOT NULL DEFAULT false,
  -- selectors used by the topology engine to link children, checks and configs
  selectors       jsonb,
  check_selectors jsonb,
  config_selectors jsonb,
  -- log sources of the component: [{name, type, labels, ...}] (see components_with_logs)
  logs            jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(logs) = 'array'),
  cost_per_minute numeric(16, 4),
  cost_total_1d   numeric(16, 4),
  cost_total_7d   numeric(16, 4),
  cost_total_30d  numeric(16, 4),
  created_by      uuid DEFAULT current_person_id() REFERENCES people (id) ON DELETE SET NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  deleted_at      timestamptz
);

CREATE TRIGGER components_set_updated_at BEFORE UPDATE ON components
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE TABLE check_component_relationships (
  component_id uuid NOT NULL REFERENCES components (id) ON DELETE CASCADE,
  check_id     uuid NOT NULL REFERENCES checks (id) ON DELETE CASCADE,
  selector_id  text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  deleted_at   timestamptz,
  PRIMARY KEY (component_id, check_id)
);

CREATE TRIGGER check_component_relationships_set_updated_at BEFORE UPDATE ON check_component_relationships
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE TABLE team_component_relationships (
  team_id      uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  component_id uuid NOT NULL REFERENCES components (id) ON DELETE CASCADE,
  role         text,
  selector_id  text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (team_id, component_id)
);
