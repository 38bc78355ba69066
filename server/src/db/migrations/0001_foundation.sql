-- 0001_foundation.sql
-- Foundation: shared helpers and the people / roles / tokens / agents / teams core that every
-- other table refers to.
--
-- Creates
--   functions : set_updated_at()        shared BEFORE UPDATE trigger function (NEW.updated_at = now())
--               current_person_id()     the caller's person id from the `pharos.person_id` setting
--                                       (the server may run `SET LOCAL pharos.person_id = '<uuid>'`
--                                       in each request transaction; NULL when unset). It is the
--                                       column default of every created_by and is used by the
--                                       incident history triggers.
--               identities_before_update()  keeps identities.state_changed_at in step with state
--               identities_after_delete()   deleting an identity soft-deletes its person and
--                                       revokes the person's roles and access tokens
--   tables    : people, person_roles, identities, access_tokens,
--               agents (+ the local agent row 00000000-0000-0000-0000-000000000000 named 'local'),
--               teams, team_members
--   views     : people_roles

-- ---------------------------------------------------------------------------------------------
-- Helpers
-- ---------------------------------------------------------------------------------------------

CREATE FUNCTION set_updated_at() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END
$$;

COMMENT ON FUNCTION set_updated_at() IS
  'Shared BEFORE UPDATE trigger: sets updated_at to now() on every update.';

CREATE FUNCTION current_person_id() RETURNS uuid
LANGUAGE sql STABLE AS $$
  SELECT CASE
           WHEN s ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN s::uuid
         END
  FROM (SELECT current_setting('pharos.person_id', true) AS s) AS setting
$$;

COMMENT ON FUNCTION current_person_id() IS
  'Person id of the caller, read from the transaction setting pharos.person_id; NULL when unset.';

-- ---------------------------------------------------------------------------------------------
-- People, roles, identities
-- ---------------------------------------------------------------------------------------------

CREATE TABLE people (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name        text NOT NULL,
  email       text,
  avatar      text,
  -- 'user' for humans, 'agent' for the person behind an agent's access token, 'system' for jobs
  type        text NOT NULL DEFAULT 'user' CHECK (type IN ('user', 'agent', 'system')),
  external_id text,
  properties  jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(properties) = 'object'),
  last_login  timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  deleted_at  timestamptz
);

CREATE TRIGGER people_set_updated_at BEFORE UPDATE ON people
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE TABLE person_roles (
  person_id  uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  role       text NOT NULL CHECK (role IN ('admin', 'editor', 'viewer', 'commander', 'responder')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (person_id, role)
);

-- Kratos-style identity: one per signed-in human, keyed by the person's id.
CREATE TABLE identities (
  id               uuid PRIMARY KEY REFERENCES people (id) ON DELETE CASCADE,
  schema_id        text NOT NULL DEFAULT 'default',
  state            text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'inactive')),
  -- {"email": "...", "name": {"first": "...", "last": "..."}}
  traits           jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(traits) = 'object'),
  state_changed_at timestamptz NOT NULL DEFAULT now(),
  metadata_public  jsonb,
  metadata_admin   jsonb,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION identities_before_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.state IS DISTINCT FROM OLD.state THEN
    NEW.state_changed_at := now();
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER identities_set_updated_at BEFORE UPDATE ON identities
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER identities_state_changed BEFORE UPDATE ON identities
  FOR EACH ROW EXECUTE FUNCTION identities_before_update();

-- DELETE /identities?id=eq.{id} removes a user: the person row stays (it is referenced by
-- created_by everywhere) but is soft-deleted, and loses its roles and access tokens.
CREATE FUNCTION identities_after_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE people SET deleted_at = coalesce(deleted_at, now())
   WHERE id = OLD.id AND deleted_at IS NULL;
  DELETE FROM person_roles WHERE person_id = OLD.id;
  DELETE FROM access_tokens WHERE person_id = OLD.id;
  RETURN OLD;
END
$$;

CREATE VIEW people_roles AS
SELECT p.id,
       p.name,
       p.email,
       p.avatar,
       coalesce((SELECT array_agg(pr.role ORDER BY pr.role)
                   FROM person_roles pr
                  WHERE pr.person_id = p.id), '{}'::text[]) AS roles,
       i.state,
       p.type,
       p.last_login,
       p.created_at,
       p.updated_at,
       p.deleted_at
FROM people p
LEFT JOIN identities i ON i.id = p.id;

-- ---------------------------------------------------------------------------------------------
-- Access tokens (personal and agent tokens). Only the sha256 hex digest of a token is stored.
-- ---------------------------------------------------------------------------------------------

CREATE TABLE access_tokens (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name       text NOT NULL,
  value      text NOT NULL UNIQUE CHECK (value ~ '^[0-9a-f]{64}$'),
  person_id  uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid DEFAULT current_person_id() REFERENCES people (id) ON DELETE SET NULL
);

CREATE TRIGGER identities_revoke_person AFTER DELETE ON identities
  FOR EACH ROW EXECUTE FUNCTION identities_after_delete();

-- ---------------------------------------------------------------------------------------------
-- Agents. The all-zeros id is the local agent (this instance); agent_id columns default to it.
-- ---------------------------------------------------------------------------------------------

CREATE TABLE agents (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name           text NOT NULL,
  description    text,
  hostname       text,
  url            text,
  version        text,
  properties     jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(properties) = 'object'),
  -- {enabled, interval}; interval one of 1m,5m,10m,30m,1h,2h,6h,12h,24h
  kubernetes     jsonb NOT NULL DEFAULT '{"enabled": false, "interval": "30m"}'::jsonb
                 CHECK (jsonb_typeof(kubernetes) = 'object'),
  -- the spec's pushTelemetry {enabled, topologyName}
  push_telemetry jsonb NOT NULL DEFAULT '{"enabled": false}'::jsonb
                 CHECK (jsonb_typeof(push_telemetry) = 'object'),
  -- the person that the agent's access token authenticates as
  person_id      uuid REFERENCES people (id) ON DELETE SET NULL,
  last_seen      timestamptz,
  last_received  timestamptz,
  -- set together with deleted_at when the resources created by the agent must be cleaned up
  cleanup        boolean NOT NULL DEFAULT false,
  created_by     uuid DEFAULT current_person_id() REFERENCES people (id) ON DELETE SET NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  deleted_at     timestamptz
);

CREATE TRIGGER agents_set_updated_at BEFORE UPDATE ON agents
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

INSERT INTO agents (id, name, description)
VALUES ('00000000-0000-0000-0000-000000000000', 'local', 'This Pharos instance');

-- ---------------------------------------------------------------------------------------------
-- Teams
-- ---------------------------------------------------------------------------------------------

CREATE TABLE teams (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name       text NOT NULL,
  icon       text DEFAULT 'group',
  -- includes responder_clients (jira, email, ms_planner ... settings used by responders)
  spec       jsonb NOT NULL DEFAULT '{}'::jsonb,
  source     text,
  created_by uuid DEFAULT current_person_id() REFERENCES people (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

CREATE TRIGGER teams_set_updated_at BEFORE UPDATE ON teams
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE TABLE team_members (
  team_id    uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  person_id  uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (team_id, person_id)
);
