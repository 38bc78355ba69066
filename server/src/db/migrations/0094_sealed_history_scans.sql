-- 0094_sealed_history_scans.sql
-- Tables that keep history (a playbook run's copy of its playbook's spec) grow without end and are
-- written only by Pharos, from specs already sealed: the start-up scan that seals credentials stored
-- in clear goes through each of them once for each set of sealing rules, and remembers it here.
--
-- Creates
--   tables : sealed_history_scans (table and column scanned, the fingerprint of the rules it was scanned with)

CREATE TABLE sealed_history_scans (
  table_name        text NOT NULL,
  column_name       text NOT NULL,
  rules_fingerprint text NOT NULL,
  scanned_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (table_name, column_name)
);

COMMENT ON TABLE sealed_history_scans IS 'History columns the start-up scan sealed, with the fingerprint of the rules it used (never read through the data service).';
