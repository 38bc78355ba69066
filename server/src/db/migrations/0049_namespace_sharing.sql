-- 0049_namespace_sharing.sql
-- The namespaces besides its own that may use a connection (`allowedNamespaces` in a Connection
-- file; '*' for every namespace). NULL: its own namespace only, and every namespace for one in
-- `default`, the namespace references fall back to.
ALTER TABLE connections ADD COLUMN allowed_namespaces text[];

ALTER TABLE connections ADD CONSTRAINT connections_allowed_namespaces_named
  CHECK (allowed_namespaces IS NULL OR array_position(allowed_namespaces, NULL) IS NULL);

-- The namespaces besides its own whose checks, scrapers, actions, backends and notifications may
-- read a secret or config map key ('*' for every namespace). NULL or empty: none; connections of
-- other namespaces still fall back to the keys of `default`.
ALTER TABLE secret_store ADD COLUMN allowed_namespaces text[];
