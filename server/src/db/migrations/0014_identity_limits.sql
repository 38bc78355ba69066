-- 0014_identity_limits.sql
-- Sign-in and one-time-code limits that hold under concurrency, and secrets kept out of clear text.
--
-- Changes
--   identity_login_failures.forgiven   a success forgives the account's earlier failures of that step
--                                       (identifier is the email, or 'second_factor:' and the email) but
--                                       they still count against the client address
--   identity_setup_tokens              unused links are void once any account exists (see the code)
-- Creates
--   tables : identity_code_events   every code sent and every code tried, per address and flow: the
--                                    counts behind the send and try limits of recovery and verification

ALTER TABLE identity_login_failures ADD COLUMN forgiven boolean NOT NULL DEFAULT false;

CREATE TABLE identity_code_events (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event      text NOT NULL CHECK (event IN ('send', 'try')),
  address    text NOT NULL,
  flow_id    uuid NOT NULL,
  -- the HMAC digest of the code a try was for (tries are counted per code as well)
  code_hash  text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX identity_code_events_address_idx ON identity_code_events (address, created_at);
CREATE INDEX identity_code_events_flow_idx ON identity_code_events (flow_id);
