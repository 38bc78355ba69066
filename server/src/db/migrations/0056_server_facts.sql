-- 0056_server_facts.sql
-- What running servers record about where they are reached, never read or written through the data
-- service:
-- - remembered_origin: the origin (scheme, host and port) an administrator first reached Pharos on,
--   so that links Pharos sends out (notification permalinks) are absolute when PHAROS_PUBLIC_URL is
--   unset. Recorded once, by the first-run setup link's registration or else an administrator's first
--   sign-in.
-- - served_port: the port the latest `pharos serve` on this database listens on, so that `pharos seed
--   --demo`, run from another shell without the server's PORT, points the demo checks and scrapers at
--   the running server rather than at the default port.
--
-- Creates
--   tables : remembered_origin (one row: origin, recorded_at, recorded_by), served_port (one row: port, recorded_at)

CREATE TABLE remembered_origin (
  singleton   boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  origin      text NOT NULL CHECK (origin ~ '^https?://[^/?#]+$'),
  recorded_at timestamptz NOT NULL DEFAULT now(),
  recorded_by uuid REFERENCES people (id) ON DELETE SET NULL
);

COMMENT ON TABLE remembered_origin IS
  'The origin an administrator first used, the base of links sent out while PHAROS_PUBLIC_URL is unset.';

CREATE TABLE served_port (
  singleton   boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  port        integer NOT NULL CHECK (port BETWEEN 1 AND 65535),
  recorded_at timestamptz NOT NULL DEFAULT now()
);

COMMENT ON TABLE served_port IS 'The port the latest pharos serve on this database listens on (read by pharos seed --demo).';
