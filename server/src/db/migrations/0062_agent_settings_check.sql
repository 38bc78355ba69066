-- 0062_agent_settings_check.sql
-- An agent's settings are checked wherever they are written (POST /api/agent/generate or a PATCH of
-- the data service), with a message that names the field: kubernetes {enabled, interval} with an
-- interval of 1m, 5m, 10m, 30m, 1h, 2h, 6h, 12h or 24h; pushTelemetry {enabled, topologyName};
-- properties a map of text values.
--
-- Creates
--   triggers  : agents_check_settings   BEFORE INSERT OR UPDATE on agents

CREATE FUNCTION agents_check_settings() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kubernetes ? 'enabled' AND jsonb_typeof(NEW.kubernetes -> 'enabled') <> 'boolean' THEN
    RAISE EXCEPTION 'kubernetes.enabled must be true or false';
  END IF;
  IF NEW.kubernetes ? 'interval'
     AND coalesce(NEW.kubernetes ->> 'interval', '') NOT IN ('1m', '5m', '10m', '30m', '1h', '2h', '6h', '12h', '24h') THEN
    RAISE EXCEPTION 'kubernetes.interval must be one of 1m, 5m, 10m, 30m, 1h, 2h, 6h, 12h, 24h';
  END IF;
  IF NEW.push_telemetry ? 'enabled' AND jsonb_typeof(NEW.push_telemetry -> 'enabled') <> 'boolean' THEN
    RAISE EXCEPTION 'pushTelemetry.enabled must be true or false';
  END IF;
  IF NEW.push_telemetry ? 'topologyName' AND jsonb_typeof(NEW.push_telemetry -> 'topologyName') NOT IN ('string', 'null') THEN
    RAISE EXCEPTION 'pushTelemetry.topologyName must be a string';
  END IF;
  IF EXISTS (SELECT 1 FROM jsonb_each(NEW.properties) AS p WHERE jsonb_typeof(p.value) <> 'string') THEN
    RAISE EXCEPTION 'properties must map each key to a text value';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER agents_check_settings BEFORE INSERT OR UPDATE OF kubernetes, push_telemetry, properties ON agents
  FOR EACH ROW EXECUTE FUNCTION agents_check_settings();
