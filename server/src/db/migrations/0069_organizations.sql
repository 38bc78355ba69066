-- 0069_organizations.sql
-- Organization mode (PHAROS_AUTH_MODE=organizations): people work inside organizations, with a role
-- in each; the session remembers the organization the person is working in.
--
-- Changes
--   organizations              name, slug (unique, DNS label), public metadata {backend_url, direct},
--                              policy: require_second_factor (none, admins, all) and session_lifespan_seconds
--   organization_members       one role per person and organization
--   organization_invitations   by email; accepted when a person with that verified address signs in
--   identity_sessions          + organization_id: the organization the session works in

CREATE TABLE organizations (
  id                       uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name                     text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  slug                     text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$'),
  backend_url              text CHECK (backend_url ~ '^https?://'),
  direct                   boolean NOT NULL DEFAULT false,
  require_second_factor    text NOT NULL DEFAULT 'none' CHECK (require_second_factor IN ('none', 'admins', 'all')),
  session_lifespan_seconds integer CHECK (session_lifespan_seconds > 0),
  created_by               uuid REFERENCES people (id) ON DELETE SET NULL,
  created_at               timestamptz NOT NULL DEFAULT now(),
  updated_at               timestamptz NOT NULL DEFAULT now(),
  -- direct mode sends the browser's calls to another Pharos: it needs that Pharos's address
  CHECK (NOT direct OR backend_url IS NOT NULL)
);

CREATE TRIGGER organizations_set_updated_at BEFORE UPDATE ON organizations
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE TABLE organization_members (
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  person_id       uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  role            text NOT NULL CHECK (role IN ('admin', 'editor', 'viewer', 'commander', 'responder')),
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, person_id)
);

CREATE INDEX organization_members_person_id_idx ON organization_members (person_id);

CREATE TABLE organization_invitations (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  email           text NOT NULL CHECK (email = lower(email) AND email LIKE '%_@_%'),
  role            text NOT NULL CHECK (role IN ('admin', 'editor', 'viewer', 'commander', 'responder')),
  invited_by      uuid REFERENCES people (id) ON DELETE SET NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  accepted_at     timestamptz,
  accepted_by     uuid REFERENCES people (id) ON DELETE SET NULL
);

-- One open invitation per address and organization.
CREATE UNIQUE INDEX organization_invitations_open_idx ON organization_invitations (organization_id, email) WHERE accepted_at IS NULL;
CREATE INDEX organization_invitations_email_idx ON organization_invitations (email) WHERE accepted_at IS NULL;

ALTER TABLE identity_sessions ADD COLUMN organization_id uuid REFERENCES organizations (id) ON DELETE SET NULL;
