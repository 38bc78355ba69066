-- 0003_settings.sql
-- Settings resources edited through the generic settings screens and the integrations page.
-- All are soft-deleted through deleted_at (except properties, see below) and carry created_by.
--
-- Creates
--   tables    : connections, properties (feature flags), canaries, topologies, config_scrapers,
--               logging_backends, incident_rules
--   functions : properties_after_soft_delete()  a property PATCHed with deleted_at is removed,
--               so that the generic soft delete and the feature-flag DELETE mean the same thing

-- ---------------------------------------------------------------------------------------------
-- Connections to external systems
-- ---------------------------------------------------------------------------------------------

CREATE TABLE connections (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name         text NOT NULL,
  namespace    text NOT NULL DEFAULT 'default',
  type         text NOT NULL CHECK (type IN (
                 'aws', 's3', 'azure', 'azure_devops', 'discord', 'dynatrace', 'elasticsearch',
                 'email', 'google_cloud', 'generic_webhook', 'git', 'github', 'google_chat', 'http',
                 'ifttt', 'jmeter', 'kubernetes', 'ldap', 'matrix', 'mattermost', 'mongo', 'mysql',
                 'ntfy', 'opsgenie', 'postgres', 'prometheus', 'pushbullet', 'pushover', 'redis',
                 'restic', 'rocketchat', 'sftp', 'slack', 'slackwebhook', 'smb', 'sql_server',
                 'teams', 'telegram', 'webhook', 'windows', 'zulip_chat', 'folder')),
  url          text,
  username     text,
  password     text,
  certificate  text,
  insecure_tls boolean NOT NULL DEFAULT false,
  -- type-specific extra fields as a string map (region, profile, bucket, port, ref, ...)
  properties   jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(properties) = 'object'),
  source       text,
  created_by   uuid DEFAULT current_person_id() REFERENCES people (id) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  deleted_at   timestamptz
);

CREATE TRIGGER connections_set_updated_at BEFORE UPDATE ON connections
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- ---------------------------------------------------------------------------------------------
-- Properties (feature flags are properties named {feature}.disable with value 'true').
-- Keyed by name; id exists so that the generic settings helpers (GET/PATCH id=eq.{id}) work.
-- ---------------------------------------------------------------------------------------------

CREATE TABLE properties (
  name        text PRIMARY KEY,
  id          uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  value       text NOT NULL,
  description text,
  -- 'local' for properties loaded from the local configuration (not editable in the UI)
  source      text DEFAULT 'UI',
  created_by  uuid DEFAULT current_person_id() REFERENCES people (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  -- never stays set: see properties_after_soft_delete()
  deleted_at  timestamptz
);

CREATE TRIGGER properties_set_updated_at BEFORE UPDATE ON properties
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE FUNCTION properties_after_soft_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM properties WHERE name = NEW.name;
  RETURN NULL;
END
$$;

CREATE TRIGGER properties_soft_delete AFTER UPDATE OF deleted_at ON properties
  FOR EACH ROW WHEN (NEW.deleted_at IS NOT NULL)
  EXECUTE FUNCTION properties_after_soft_delete();

-- ---------------------------------------------------------------------------------------------
-- Canaries (health-check definitions; their checks are in 0004_health.sql)
-- ---------------------------------------------------------------------------------------------

CREATE TABLE canaries (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name       text NOT NULL,
  namespace  text NOT NULL DEFAULT 'default',
  labels     jsonb DEFAULT '{}'::jsonb CHECK (jsonb_typeof(labels) = 'object'),
  -- canary spec: {schedule, http: [...], tcp: [...], ...}
  spec       jsonb NOT NULL DEFAULT '{}'::jsonb,
  icon       text,
  source     text DEFAULT 'UI',
  agent_id   uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000'
             REFERENCES agents (id) ON DELETE CASCADE,
  created_by uuid DEFAULT current_person_id() REFERENCES people (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

CREATE TRIGGER canaries_set_updated_at BEFORE UPDATE ON canaries
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- ---------------------------------------------------------------------------------------------
-- Topologies (definitions; the components they produce are in 0005_topology.sql)
-- ---------------------------------------------------------------------------------------------

CREATE TABLE topologies (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name       text NOT NULL,
  namespace  text NOT NULL DEFAULT 'default',
  labels     jsonb DEFAULT '{}'::jsonb CHECK (jsonb_typeof(labels) = 'object'),
  spec       jsonb NOT NULL DEFAULT '{}'::jsonb,
  icon       text,
  source     text DEFAULT 'UI',
  agent_id   uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000'
             REFERENCES agents (id) ON DELETE CASCADE,
  created_by uuid DEFAULT current_person_id() REFERENCES people (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

CREATE TRIGGER topologies_set_updated_at BEFORE UPDATE ON topologies
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- ---------------------------------------------------------------------------------------------
-- Catalog scrapers (the schedule lives in spec.schedule)
-- ---------------------------------------------------------------------------------------------

CREATE TABLE config_scrapers (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name        text NOT NULL,
  namespace   text NOT NULL DEFAULT 'default',
  description text,
  labels      jsonb DEFAULT '{}'::jsonb CHECK (jsonb_typeof(labels) = 'object'),
  spec        jsonb NOT NULL DEFAULT '{}'::jsonb,
  source      text DEFAULT 'UI',
  agent_id    uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000'
              REFERENCES agents (id) ON DELETE CASCADE,
  created_by  uuid DEFAULT current_person_id() REFERENCES people (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  deleted_at  timestamptz
);

CREATE TRIGGER config_scrapers_set_updated_at BEFORE UPDATE ON config_scrapers
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- ---------------------------------------------------------------------------------------------
-- Log backends. The form hides its submit buttons when source is set, so source has no default.
-- ---------------------------------------------------------------------------------------------

CREATE TABLE logging_backends (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name       text NOT NULL,
  namespace  text NOT NULL DEFAULT 'default',
  labels     jsonb DEFAULT '{}'::jsonb CHECK (jsonb_typeof(labels) = 'object'),
  spec       jsonb NOT NULL DEFAULT '{}'::jsonb,
  source     text,
  agent_id   uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000'
             REFERENCES agents (id) ON DELETE CASCADE,
  created_by uuid DEFAULT current_person_id() REFERENCES people (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

CREATE TRIGGER logging_backends_set_updated_at BEFORE UPDATE ON logging_backends
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- ---------------------------------------------------------------------------------------------
-- Incident rules (open incidents automatically; spec holds filters and the incident template)
-- ---------------------------------------------------------------------------------------------

CREATE TABLE incident_rules (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name       text NOT NULL,
  namespace  text NOT NULL DEFAULT 'default',
  spec       jsonb NOT NULL DEFAULT '{}'::jsonb,
  source     text,
  created_by uuid DEFAULT current_person_id() REFERENCES people (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

CREATE TRIGGER incident_rules_set_updated_at BEFORE UPDATE ON incident_rules
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();
