-- 0013_identity_ownership.sql
-- An administrator always remains: whichever path removes the admin role from a person, deletes or
-- soft-deletes them, or disables their identity (the data service, the identity service, the CLI,
-- plain SQL), the change is refused at commit when no active administrator would be left.
--
-- Creates
--   functions : active_admin_exists()         whether a person that is not deleted, not disabled
--                                            and holds the admin role exists
--               ensure_an_admin_remains()     constraint trigger function, deferred to commit so a
--                                            role change may delete and re-insert roles
--   triggers  : person_roles_keep_an_admin, people_keep_an_admin, identities_keep_an_admin

CREATE FUNCTION active_admin_exists() RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1
      FROM person_roles pr
      JOIN people p ON p.id = pr.person_id
      LEFT JOIN identities i ON i.id = p.id
     WHERE pr.role = 'admin' AND p.deleted_at IS NULL AND coalesce(i.state, 'active') = 'active'
  )
$$;

CREATE FUNCTION ensure_an_admin_remains() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  person uuid;
BEGIN
  -- Only a change that took away an administrator matters.
  IF TG_TABLE_NAME = 'person_roles' THEN
    IF OLD.role <> 'admin' THEN
      RETURN NULL;
    END IF;
  ELSE
    person := OLD.id;
    IF NOT EXISTS (SELECT 1 FROM person_roles WHERE person_id = person AND role = 'admin') THEN
      RETURN NULL;
    END IF;
  END IF;
  -- Serialises these checks: of two transactions that each remove one of the last two
  -- administrators, the second sees the first's commit and is refused.
  PERFORM pg_advisory_xact_lock(hashtext('pharos.rbac'));
  IF NOT active_admin_exists() THEN
    RAISE EXCEPTION 'At least one administrator must remain'
      USING ERRCODE = 'P0001',
            HINT = 'Give another person the admin role first.';
  END IF;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER person_roles_keep_an_admin
  AFTER DELETE OR UPDATE ON person_roles
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ensure_an_admin_remains();

CREATE CONSTRAINT TRIGGER people_keep_an_admin
  AFTER UPDATE OF deleted_at ON people
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL)
  EXECUTE FUNCTION ensure_an_admin_remains();

CREATE CONSTRAINT TRIGGER identities_keep_an_admin
  AFTER UPDATE OF state ON identities
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.state = 'active' AND NEW.state <> 'active')
  EXECUTE FUNCTION ensure_an_admin_remains();
