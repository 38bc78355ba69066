-- Per-person preferences of the web app (a table's columns, its saved views), keyed by a name the
-- app chooses. Read and written only through /api/preferences, always as the caller's own; the data
-- service does not expose this table, so nobody lists another person's preferences.

CREATE TABLE person_preferences (
  person_id  uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  key        text NOT NULL CHECK (key ~ '^[A-Za-z0-9][A-Za-z0-9._:/-]{0,79}$'),
  value      jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (person_id, key)
);
