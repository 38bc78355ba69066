-- 0063_oidc_credentials.sql
-- Sign-in through an OpenID Connect provider: an identity links to the provider's subject with an
-- `oidc` credential, found at sign-in by its identifier `{issuer}#{subject}`.
--
-- Changes
--   identity_credentials.type   + oidc   config {providers: [{issuer, subject, roles, teams}]}:
--                                        roles and teams are the ones the provider's groups gave at
--                                        the last sign-in, so that a group removed there removes
--                                        exactly what it gave (never what an administrator gave)

ALTER TABLE identity_credentials DROP CONSTRAINT identity_credentials_type_check;
ALTER TABLE identity_credentials
  ADD CONSTRAINT identity_credentials_type_check CHECK (type IN ('password', 'totp', 'lookup_secret', 'webauthn', 'oidc'));
