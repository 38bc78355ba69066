-- 0014_identity_limits.sql
-- Sign-in and one-time-code limits that hold under concurrency, and secrets kept out of clear text.
--
-- Changes
--   identity_login_failures.forgiven   a success forgives the account's earlier failures of that step
--                                       (identifier is the email, or 'second_factor:' and the email) but
--                                       they still count against the client address
--   identity_credentials, identity_flows, courier_messages   secrets kept in clear by earlier versions removed (below)
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

-- Secrets no longer kept in clear (the server's key seals TOTP secrets and digests backup and
-- one-time codes). What earlier versions stored in clear goes: second factors of those kinds are set
-- up again, open settings and registration flows (which held secrets in their form) are started
-- again, and sent codes leave the outbox.
DELETE FROM identity_credentials WHERE type = 'totp' AND NOT config ? 'totp_url_sealed';
DELETE FROM identity_credentials
 WHERE type = 'lookup_secret' AND EXISTS (SELECT 1 FROM jsonb_array_elements(config -> 'recovery_codes') AS c WHERE c ? 'code');
DELETE FROM identity_flows WHERE type IN ('settings', 'registration');
UPDATE identity_flows SET request_url = regexp_replace(request_url, 'setup_token=[^&]*&?', '', 'g') WHERE request_url LIKE '%setup_token=%';
UPDATE courier_messages
   SET body = regexp_replace(body, '\m\d{6}\M', '[sent]', 'g'), template_data = template_data - 'code'
 WHERE template_type IN ('verification_code', 'recovery_code', 'invite');
