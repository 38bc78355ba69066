-- 0002_identity.sql
-- Storage behind the self-hosted identity flows (Kratos-compatible /api/.ory): credentials,
-- sessions, self-service flows (login, registration, settings, recovery, verification, logout),
-- verifiable addresses and the courier's outgoing messages.
-- These tables are internal to the auth module and are NOT meant for the /api/db allowlist.
--
-- Creates
--   tables : identity_credentials, identity_credential_identifiers, identity_verifiable_addresses,
--            identity_sessions, identity_flows, courier_messages

-- One row per credential type of an identity. config holds the type's secret material
-- (password: {hashed_password}; totp: {totp_url}; lookup_secret: {recovery_codes: [...]};
--  webauthn: {credentials: [...]}; oidc: {providers: [...]}).
CREATE TABLE identity_credentials (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  type        text NOT NULL
              CHECK (type IN ('password', 'oidc', 'totp', 'lookup_secret', 'webauthn', 'code')),
  config      jsonb NOT NULL DEFAULT '{}'::jsonb,
  version     integer NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (identity_id, type)
);

CREATE TRIGGER identity_credentials_set_updated_at BEFORE UPDATE ON identity_credentials
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- Identifiers a credential signs in with (e.g. the lower-cased email for 'password').
CREATE TABLE identity_credential_identifiers (
  credential_type        text NOT NULL,
  identifier             text NOT NULL,
  identity_credential_id uuid NOT NULL REFERENCES identity_credentials (id) ON DELETE CASCADE,
  created_at             timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (credential_type, identifier)
);

CREATE INDEX identity_credential_identifiers_credential_idx
  ON identity_credential_identifiers (identity_credential_id);

CREATE TABLE identity_verifiable_addresses (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  via         text NOT NULL DEFAULT 'email' CHECK (via IN ('email')),
  value       text NOT NULL,
  verified    boolean NOT NULL DEFAULT false,
  verified_at timestamptz,
  status      text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'completed')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (via, value)
);

CREATE TRIGGER identity_verifiable_addresses_set_updated_at BEFORE UPDATE ON identity_verifiable_addresses
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE INDEX identity_verifiable_addresses_identity_id_idx ON identity_verifiable_addresses (identity_id);

-- Sessions: the cookie / session token is stored as its sha256 hex digest.
CREATE TABLE identity_sessions (
  id                     uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  identity_id            uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  token_hash             text NOT NULL UNIQUE,
  logout_token_hash      text UNIQUE,
  active                 boolean NOT NULL DEFAULT true,
  aal                    text NOT NULL DEFAULT 'aal1' CHECK (aal IN ('aal1', 'aal2')),
  authentication_methods jsonb NOT NULL DEFAULT '[]'::jsonb,
  devices                jsonb NOT NULL DEFAULT '[]'::jsonb,
  issued_at              timestamptz NOT NULL DEFAULT now(),
  authenticated_at       timestamptz NOT NULL DEFAULT now(),
  expires_at             timestamptz NOT NULL,
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now()
);

CREATE TRIGGER identity_sessions_set_updated_at BEFORE UPDATE ON identity_sessions
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE INDEX identity_sessions_identity_id_idx ON identity_sessions (identity_id);
CREATE INDEX identity_sessions_expires_at_idx ON identity_sessions (expires_at);

-- Self-service flows; ui is the flow's {action, method, messages, nodes} document.
-- internal_context keeps server-only state (hashed recovery/verification codes, attempts ...).
CREATE TABLE identity_flows (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  type             text NOT NULL CHECK (type IN ('login', 'registration', 'settings', 'recovery',
                                                 'verification', 'logout')),
  state            text,
  request_url      text,
  return_to        text,
  ui               jsonb NOT NULL DEFAULT '{}'::jsonb,
  csrf_token       text,
  identity_id      uuid REFERENCES identities (id) ON DELETE CASCADE,
  session_id       uuid REFERENCES identity_sessions (id) ON DELETE CASCADE,
  requested_aal    text CHECK (requested_aal IN ('aal1', 'aal2')),
  refresh          boolean NOT NULL DEFAULT false,
  internal_context jsonb NOT NULL DEFAULT '{}'::jsonb,
  issued_at        timestamptz NOT NULL DEFAULT now(),
  expires_at       timestamptz NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TRIGGER identity_flows_set_updated_at BEFORE UPDATE ON identity_flows
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE INDEX identity_flows_expires_at_idx ON identity_flows (expires_at);
CREATE INDEX identity_flows_identity_id_idx ON identity_flows (identity_id) WHERE identity_id IS NOT NULL;
CREATE INDEX identity_flows_session_id_idx ON identity_flows (session_id) WHERE session_id IS NOT NULL;

-- Outgoing identity e-mails (invitations, recovery codes, verification links).
CREATE TABLE courier_messages (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  type          text NOT NULL DEFAULT 'email' CHECK (type IN ('email')),
  status        text NOT NULL DEFAULT 'queued'
                CHECK (status IN ('queued', 'processing', 'sent', 'abandoned')),
  recipient     text NOT NULL,
  subject       text NOT NULL,
  body          text NOT NULL,
  template_type text,
  template_data jsonb,
  send_count    integer NOT NULL DEFAULT 0,
  error         text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TRIGGER courier_messages_set_updated_at BEFORE UPDATE ON courier_messages
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE INDEX courier_messages_queued_idx ON courier_messages (created_at) WHERE status = 'queued';
