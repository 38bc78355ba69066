-- 0070_organization_token_keys.sql
-- Direct mode: the front door signs short-lived bearer tokens for an organization's backend with a
-- key pair shared by every replica; backends fetch the public half from /.well-known/jwks.json.
--
-- Changes
--   organization_token_keys   kid, algorithm, public JWK, private JWK sealed with the server key

CREATE TABLE organization_token_keys (
  kid                 text PRIMARY KEY,
  alg                 text NOT NULL,
  public_jwk          jsonb NOT NULL,
  private_jwk_sealed  text NOT NULL,
  created_at          timestamptz NOT NULL DEFAULT now()
);
