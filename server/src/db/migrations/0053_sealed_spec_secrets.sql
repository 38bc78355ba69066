-- 0053_sealed_spec_secrets.sql
-- Credentials written inline in specs are sealed by the server before they are saved (text
-- 'v1:<base64url>', as connection credentials are). Readers are answered '<sealed>' instead, and a
-- spec saved back with '<sealed>' keeps the sealed value saved at the same place (list items found by
-- their name, else by position); '<sealed>' where nothing sealed is saved is refused, and so is
-- '<sealed>' beside a changed destination (url, endpoint, host, hostname, addr, address, server, port,
-- script, command, connection, or a path that is a URL, in an object on the way to it), so a person
-- who cannot read a secret cannot send it somewhere new. core/src/spec-secrets/destination.ts applies
-- the same rule to applied files.
--
-- Creates
--   functions : redact_sealed(text), sealed_destination_changed(jsonb, jsonb), keep_sealed(jsonb, jsonb, text),
--               keep_sealed_column()
--   triggers  : {canaries,checks,topologies,config_scrapers,logging_backends,incident_rules,playbooks,teams}_keep_sealed,
--               notifications_keep_sealed

-- Every sealed text in a (JSON) text as '<sealed>', also inside a string of JSON text.
CREATE FUNCTION redact_sealed(answer text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN strpos(answer, 'v1:') = 0 THEN answer
              ELSE regexp_replace(answer, '(^|[^A-Za-z0-9_-])v1:[A-Za-z0-9_-]{38,}', '\1<sealed>', 'g') END
$$;

-- The first destination field of `incoming` (an object) that differs from `saved`, or NULL.
CREATE FUNCTION sealed_destination_changed(incoming jsonb, saved jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT key
    FROM (SELECT key FROM jsonb_object_keys(incoming) AS key
          UNION SELECT key FROM jsonb_object_keys(saved) AS key) AS keys
   WHERE (key IN ('url', 'endpoint', 'host', 'hostname', 'addr', 'address', 'server', 'port', 'script', 'command', 'connection')
          OR (key = 'path' AND (strpos(incoming ->> 'path', '://') > 0 OR strpos(saved ->> 'path', '://') > 0)))
     AND incoming -> key IS DISTINCT FROM '"<sealed>"'::jsonb
     AND incoming -> key IS DISTINCT FROM saved -> key
   ORDER BY key
   LIMIT 1
$$;

-- `incoming` with each '<sealed>' replaced by the sealed text `saved` holds at the same place; `at`
-- names the place in errors.
CREATE FUNCTION keep_sealed(incoming jsonb, saved jsonb, at text) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  result jsonb;
  entry record;
  item jsonb;
  counterpart jsonb;
  changed text;
  position integer := 0;
BEGIN
  IF incoming IS NULL OR strpos(incoming::text, '"<sealed>"') = 0 THEN
    RETURN incoming;
  END IF;
  CASE jsonb_typeof(incoming)
    WHEN 'string' THEN
      IF jsonb_typeof(saved) = 'string' AND saved #>> '{}' ~ '^v1:[A-Za-z0-9_-]{38,}$' THEN
        RETURN saved;
      ELSIF jsonb_typeof(saved) = 'object' AND saved ->> 'value' ~ '^v1:[A-Za-z0-9_-]{38,}$' THEN
        RETURN saved -> 'value';
      END IF;
      RAISE EXCEPTION '% holds <sealed>, which stands for a sealed value, but none is saved there', at
        USING ERRCODE = 'invalid_parameter_value',
              HINT = 'Write the value itself (or a secret:// reference) instead of <sealed>.';
    WHEN 'object' THEN
      IF jsonb_typeof(saved) = 'object' THEN
        changed := sealed_destination_changed(incoming, saved);
        IF changed IS NOT NULL THEN
          RAISE EXCEPTION '%.% changed beside a <sealed> value it would receive', at, changed
            USING ERRCODE = 'invalid_parameter_value',
                  HINT = 'Write the secret again to send it to the new destination.';
        END IF;
      END IF;
      result := '{}'::jsonb;
      FOR entry IN SELECT key, value FROM jsonb_each(incoming) LOOP
        result := result || jsonb_build_object(entry.key,
          keep_sealed(entry.value, CASE WHEN jsonb_typeof(saved) = 'object' THEN saved -> entry.key
                                        -- {value: '<sealed>'} where the text itself was saved
                                        WHEN entry.key = 'value' AND jsonb_typeof(saved) = 'string' THEN saved END, at || '.' || entry.key));
      END LOOP;
      RETURN result;
    WHEN 'array' THEN
      result := '[]'::jsonb;
      FOR item IN SELECT value FROM jsonb_array_elements(incoming) LOOP
        counterpart := NULL;
        IF jsonb_typeof(saved) = 'array' THEN
          IF jsonb_typeof(item -> 'name') = 'string' THEN
            SELECT s INTO counterpart FROM jsonb_array_elements(saved) AS s WHERE s ->> 'name' = item ->> 'name' LIMIT 1;
          ELSE
            counterpart := saved -> position;
          END IF;
        END IF;
        result := result || jsonb_build_array(keep_sealed(item, counterpart, at || '[' || position || ']'));
        position := position + 1;
      END LOOP;
      RETURN result;
    ELSE
      RETURN incoming;
  END CASE;
END
$$;

-- The column named by the trigger's argument, its '<sealed>' placeholders kept from the row it replaces.
CREATE FUNCTION keep_sealed_column() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  column_name text := TG_ARGV[0];
  saved jsonb := CASE WHEN TG_OP = 'UPDATE' THEN to_jsonb(OLD) -> column_name END;
BEGIN
  NEW := jsonb_populate_record(NEW, jsonb_build_object(column_name, keep_sealed(to_jsonb(NEW) -> column_name, saved, column_name)));
  RETURN NEW;
END
$$;

CREATE TRIGGER canaries_keep_sealed BEFORE INSERT OR UPDATE OF spec ON canaries
  FOR EACH ROW WHEN (strpos(NEW.spec::text, '"<sealed>"') > 0) EXECUTE FUNCTION keep_sealed_column('spec');
CREATE TRIGGER checks_keep_sealed BEFORE INSERT OR UPDATE OF spec ON checks
  FOR EACH ROW WHEN (strpos(NEW.spec::text, '"<sealed>"') > 0) EXECUTE FUNCTION keep_sealed_column('spec');
CREATE TRIGGER topologies_keep_sealed BEFORE INSERT OR UPDATE OF spec ON topologies
  FOR EACH ROW WHEN (strpos(NEW.spec::text, '"<sealed>"') > 0) EXECUTE FUNCTION keep_sealed_column('spec');
CREATE TRIGGER config_scrapers_keep_sealed BEFORE INSERT OR UPDATE OF spec ON config_scrapers
  FOR EACH ROW WHEN (strpos(NEW.spec::text, '"<sealed>"') > 0) EXECUTE FUNCTION keep_sealed_column('spec');
CREATE TRIGGER logging_backends_keep_sealed BEFORE INSERT OR UPDATE OF spec ON logging_backends
  FOR EACH ROW WHEN (strpos(NEW.spec::text, '"<sealed>"') > 0) EXECUTE FUNCTION keep_sealed_column('spec');
CREATE TRIGGER incident_rules_keep_sealed BEFORE INSERT OR UPDATE OF spec ON incident_rules
  FOR EACH ROW WHEN (strpos(NEW.spec::text, '"<sealed>"') > 0) EXECUTE FUNCTION keep_sealed_column('spec');
CREATE TRIGGER playbooks_keep_sealed BEFORE INSERT OR UPDATE OF spec ON playbooks
  FOR EACH ROW WHEN (strpos(NEW.spec::text, '"<sealed>"') > 0) EXECUTE FUNCTION keep_sealed_column('spec');
CREATE TRIGGER teams_keep_sealed BEFORE INSERT OR UPDATE OF spec ON teams
  FOR EACH ROW WHEN (strpos(NEW.spec::text, '"<sealed>"') > 0) EXECUTE FUNCTION keep_sealed_column('spec');
CREATE TRIGGER notifications_keep_sealed BEFORE INSERT OR UPDATE OF custom_services ON notifications
  FOR EACH ROW WHEN (strpos(NEW.custom_services::text, '"<sealed>"') > 0) EXECUTE FUNCTION keep_sealed_column('custom_services');
