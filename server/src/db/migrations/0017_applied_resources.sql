-- 0017_applied_resources.sql
-- Resources loaded from files (`pharos apply`, POST /api/apply): the document as it was written,
-- kept whole so that `pharos get` prints it back in the same shape, unknown fields included. The
-- resource itself is a row of its kind's table (canaries, playbooks …) with source 'ConfigFile'.

CREATE TABLE applied_resources (
  kind        text NOT NULL,
  namespace   text NOT NULL,
  name        text NOT NULL,
  -- id of the row in the kind's table
  resource_id uuid NOT NULL,
  document    jsonb NOT NULL,
  -- the file it came from, when known
  path        text,
  applied_by  uuid REFERENCES people (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, namespace, name)
);

CREATE INDEX applied_resources_resource_id ON applied_resources (resource_id);
