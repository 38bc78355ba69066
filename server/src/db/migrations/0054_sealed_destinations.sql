-- 0054_sealed_destinations.sql
-- A spec saved back with '<sealed>' keeps the saved secret only while where it goes stays the same:
-- when a destination field (url, endpoint, host, hostname, addr, address, server, port, script,
-- command, connection, or a path that is a URL) of an object on the way to the placeholder differs
-- from the saved one, the write is refused, so a person who cannot read a secret cannot send it
-- somewhere new. core/src/spec-secrets/destination.ts applies the same rule to applied files.
--
-- Replaces
--   functions : keep_sealed(jsonb, jsonb, text)

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

CREATE OR REPLACE FUNCTION keep_sealed(incoming jsonb, saved jsonb, at text) RETURNS jsonb
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
