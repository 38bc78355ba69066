-- 0056_remembered_origin.sql
-- The origin (scheme, host and port) an administrator first reached Pharos on, kept so that links
-- Pharos sends out (notification permalinks) are absolute when PHAROS_PUBLIC_URL is unset. Recorded
-- once, by the first-run setup link's registration or else an administrator's first sign-in; never
-- read or written through the data service.
--
-- Creates
--   tables : remembered_origin (one row: origin, recorded_at, recorded_by)

CREATE TABLE remembered_origin (
  singleton   boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  origin      text NOT NULL CHECK (origin ~ '^https?://[^/?#]+$'),
  recorded_at timestamptz NOT NULL DEFAULT now(),
  recorded_by uuid REFERENCES people (id) ON DELETE SET NULL
);

COMMENT ON TABLE remembered_origin IS
  'The origin an administrator first used, the base of links sent out while PHAROS_PUBLIC_URL is unset.';
