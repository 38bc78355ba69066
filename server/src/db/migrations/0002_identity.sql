-- 0002_identity.sql
-- Storage behind the self-hosted identity service (Kratos-compatible flows under /api/.ory):
-- credentials, sessions, self-service flows and their errors, verifiable addresses, failed sign-in
-- attempts, first-run setup tokens and the courier's outgoing messages.
-- These tables are internal to the auth module and are NOT on the /api/db allowlist.
--
-- Creates
--   tables : identity_credentials, identity_credential_identifiers, identity_verifiable_addresses,
--            identity_sessions, identity_flows, identity_flow_errors, identity_login_failures,
--            identity_setup_tokens, courier_messages

-- One row per credential type of an identity. config holds the type's material:
--   password      {hashed_password}            argon2id PHC string, never the password
--   totp          {totp_url, last_step}        otpauth:// URL; last accepted time step (replay guard)
--   lookup_secret {recovery_codes: [{code, used_at}]}
--   webauthn      {credentials: [{id, public_key, counter, transports, display_name, added_at}]}
CREATE TABLE identity_credentials (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  type        text NOT NULL CHECK (type IN ('password', 'totp', 'lookup_secret', 'webauthn')),
  config      jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(config) = 'object'),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (identity_id, type)
);

CREATE TRIGGER identity_credentials_set_updated_at BEFORE UPDATE ON identity_credentials
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- What a credential signs in with: the lower-cased email for 'password'.
CREATE TABLE identity_credential_identifiers (
  credential_type        text NOT NULL,
  identifier             text NOT NULL,
  identity_credential_id uuid NOT NULL REFERENCES identity_credentials (id) ON DELETE CASCADE,
  created_at             timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (credential_type, identifier)
);

CREATE INDEX identity_credential_identifiers_credential_idx
  ON identity_credential_identifiers (identity_credential_id);

-- The identity's email, and whether its owner proved they read it. value is lower-cased.
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

-- Browser sessions. The cookie value and the logout token are stored as sha256 hex digests.
-- authentication_methods: [{method, aal, completed_at}] as Kratos reports them; aal follows from it.
CREATE TABLE identity_sessions (
  id                     uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  identity_id            uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  token_hash             text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  logout_token_hash      text UNIQUE CHECK (logout_token_hash ~ '^[0-9a-f]{64}$'),
  active                 boolean NOT NULL DEFAULT true,
  aal                    text NOT NULL DEFAULT 'aal1' CHECK (aal IN ('aal1', 'aal2')),
  authentication_methods jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(authentication_methods) = 'array'),
  ip_address             text,
  user_agent             text,
  issued_at              timestamptz NOT NULL DEFAULT now(),
  -- last time the person proved who they are (sign-in, refresh); privileged settings need it recent
  authenticated_at       timestamptz NOT NULL DEFAULT now(),
  expires_at             timestamptz NOT NULL,
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now()
);

CREATE TRIGGER identity_sessions_set_updated_at BEFORE UPDATE ON identity_sessions
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE INDEX identity_sessions_identity_id_idx ON identity_sessions (identity_id);
CREATE INDEX identity_sessions_expires_at_idx ON identity_sessions (expires_at);

-- Self-service browser flows. ui is the {action, method, messages, nodes} document the flow answers
-- with. A flow is bound to the browser that created it: csrf_secret_hash is the digest of that
-- browser's anti-CSRF cookie and csrf_token the token its form must send back.
-- internal_context keeps server-only state (hashed one-time codes and their attempts, a pending
-- TOTP secret or lookup codes, WebAuthn challenges, the setup token's digest, continue_with ...).
CREATE TABLE identity_flows (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  type             text NOT NULL CHECK (type IN ('login', 'registration', 'settings', 'recovery', 'verification')),
  state            text NOT NULL,
  request_url      text NOT NULL,
  return_to        text,
  ui               jsonb NOT NULL DEFAULT '{}'::jsonb,
  csrf_token       text NOT NULL,
  csrf_secret_hash text,
  identity_id      uuid REFERENCES identities (id) ON DELETE CASCADE,
  requested_aal    text NOT NULL DEFAULT 'aal1' CHECK (requested_aal IN ('aal1', 'aal2')),
  refresh          boolean NOT NULL DEFAULT false,
  internal_context jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(internal_context) = 'object'),
  issued_at        timestamptz NOT NULL DEFAULT now(),
  expires_at       timestamptz NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TRIGGER identity_flows_set_updated_at BEFORE UPDATE ON identity_flows
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE INDEX identity_flows_expires_at_idx ON identity_flows (expires_at);
CREATE INDEX identity_flows_identity_id_idx ON identity_flows (identity_id) WHERE identity_id IS NOT NULL;

-- Errors shown by the error page (GET /self-service/errors?id=) after a plain browser request failed.
CREATE TABLE identity_flow_errors (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  error      jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX identity_flow_errors_created_at_idx ON identity_flow_errors (created_at);

-- Failed sign-in attempts, shared by every replica: counted per identifier (lower-cased email) and
-- per client address over a sliding window.
CREATE TABLE identity_login_failures (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  identifier text NOT NULL,
  address    text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX identity_login_failures_identifier_idx ON identity_login_failures (identifier, created_at);
CREATE INDEX identity_login_failures_address_idx ON identity_login_failures (address, created_at);

-- One-time links that let the first administrator register (printed by `pharos serve` while no
-- identity exists). Only the sha256 hex digest of a token is stored.
CREATE TABLE identity_setup_tokens (
  token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);

-- Outgoing identity e-mails (verification and recovery codes, invitations). 'logged' means no SMTP
-- server is configured and the message was written to the server log instead.
CREATE TABLE courier_messages (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  type          text NOT NULL DEFAULT 'email' CHECK (type IN ('email')),
  status        text NOT NULL DEFAULT 'queued'
                CHECK (status IN ('queued', 'processing', 'sent', 'abandoned', 'logged')),
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
CREATE INDEX courier_messages_recipient_idx ON courier_messages (lower(recipient), created_at);
