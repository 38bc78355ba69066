-- 0019_secret_store.sql
-- Pharos's own store of secrets and config maps, which secret-or-value fields refer to
-- (`secret://name/key`, `configmap://name/key`) when there is no Kubernetes around. Values are
-- sealed by the server with its key before they are written; the data service does not expose it.

CREATE TABLE secret_store (
  kind       text NOT NULL CHECK (kind IN ('Secret', 'ConfigMap')),
  namespace  text NOT NULL DEFAULT 'default',
  name       text NOT NULL CHECK (name ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,252}$'),
  key        text NOT NULL CHECK (key ~ '^[A-Za-z0-9._-]{1,253}$'),
  value      text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, namespace, name, key)
);

CREATE TRIGGER secret_store_set_updated_at BEFORE UPDATE ON secret_store
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();
