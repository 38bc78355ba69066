-- 0037_responder_sync.sql
-- What the server keeps while it creates a team responder's ticket (or email) in the team's client
-- system and follows its state: how often it failed in a row and when it tries again, when it last
-- read the remote state, and which remote comments it has copied already.
--
-- Creates
--   columns   : responders.sync_attempts      failures in a row (0 after a success)
--               responders.next_sync_at       not tried again before this (backoff after a failure)
--               responders.synced_at          last time the remote state was read
--   indexes   : responders_to_sync_idx        team responders not yet created or not yet closed
--               comments_responder_external_idx  one comment per remote comment of a responder

ALTER TABLE responders
  ADD COLUMN sync_attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN next_sync_at timestamptz,
  ADD COLUMN synced_at timestamptz;

CREATE INDEX responders_to_sync_idx ON responders (synced_at NULLS FIRST)
  WHERE type = 'system' AND team_id IS NOT NULL AND deleted_at IS NULL AND close_time IS NULL;

CREATE UNIQUE INDEX comments_responder_external_idx ON comments (responder_id, external_id)
  WHERE responder_id IS NOT NULL AND external_id IS NOT NULL;
