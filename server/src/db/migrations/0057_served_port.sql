-- 0057_served_port.sql
-- The port the latest `pharos serve` on this database listens on, so that `pharos seed --demo`, run
-- from another shell without the server's PORT, points the demo checks and scrapers at the running
-- server rather than at the default port.
--
-- Creates
--   tables : served_port (one row: port, recorded_at)

CREATE TABLE served_port (
  singleton   boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  port        integer NOT NULL CHECK (port BETWEEN 1 AND 65535),
  recorded_at timestamptz NOT NULL DEFAULT now()
);

COMMENT ON TABLE served_port IS 'The port the latest pharos serve on this database listens on (read by pharos seed --demo).';
