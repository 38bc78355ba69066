-- 0051_verified_people.sql
-- Specs name people (playbook approvers, incident rule owners and responders, notification
-- recipients) by id or email, never by the display name a person chose for themselves. An email names
-- a person only once it is proven theirs: their identity verified it, or they have no identity (an
-- operator made them with `pharos token create`, vouching for the address).
--
-- Creates
--   views     : person_verified_emails (person_id, email)   the email of each person it proves, lower-cased
--   functions : person_named(text) -> uuid                    the person a reference names: an id, or a verified email

CREATE VIEW person_verified_emails AS
SELECT p.id AS person_id, lower(p.email) AS email
  FROM people p
 WHERE p.deleted_at IS NULL
   AND coalesce(p.email, '') <> ''
   AND (NOT EXISTS (SELECT 1 FROM identities i WHERE i.id = p.id)
        OR EXISTS (SELECT 1 FROM identity_verifiable_addresses a
                    WHERE a.identity_id = p.id AND a.value = lower(p.email) AND a.verified));

COMMENT ON VIEW person_verified_emails IS
  'The email of each person that proves who they are: verified by their identity, or given by an operator to a person without one.';

CREATE FUNCTION person_named(reference text) RETURNS uuid
LANGUAGE sql STABLE AS $$
  SELECT id FROM (
    SELECT p.id, 1 AS rank FROM people p
     WHERE p.deleted_at IS NULL AND p.id::text = lower(btrim(reference))
    UNION ALL
    SELECT v.person_id, 2 FROM person_verified_emails v
     WHERE v.email = lower(btrim(reference))
  ) AS named
  ORDER BY rank
  LIMIT 1
$$;

COMMENT ON FUNCTION person_named(text) IS
  'The person a spec names by id or by verified email; NULL for anything else, display names included.';
