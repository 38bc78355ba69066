-- 0050_pharos_database_mark.sql
-- Marks this database as Pharos's in the cluster's shared catalog (a comment on the database, when
-- it has none), so that a connection as a superuser to any database of the same cluster, which could
-- read this one too, is known and refused (connections/own-database.ts). Without ownership of the
-- database it stays unmarked.
DO $$
BEGIN
  IF obj_description((SELECT oid FROM pg_database WHERE datname = current_database()), 'pg_database') IS NULL THEN
    EXECUTE format('COMMENT ON DATABASE %I IS %L', current_database(), 'Pharos');
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'the database is not marked as Pharos''s: its owner may run COMMENT ON DATABASE … IS ''Pharos''';
END $$;
