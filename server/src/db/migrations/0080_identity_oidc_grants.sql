-- 0080_identity_oidc_grants.sql
-- Accounts that signed in through the OpenID Connect provider keep the provider's refresh token, so
-- that Pharos can ask the provider later whether it still lists the person (and with which groups).
--
-- Changes
--   identity_oidc_grants   per identity and issuer: subject, refresh token sealed with the server
--                          key, when the provider was last asked, and when its refusal disabled the account

CREATE TABLE identity_oidc_grants (
  identity_id            uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  issuer                 text NOT NULL,
  subject                text NOT NULL,
  refresh_token_sealed   text,
  checked_at             timestamptz NOT NULL DEFAULT now(),
  disabled_at            timestamptz,
  PRIMARY KEY (identity_id, issuer)
);

CREATE INDEX identity_oidc_grants_due ON identity_oidc_grants (checked_at) WHERE disabled_at IS NULL AND refresh_token_sealed IS NOT NULL;
