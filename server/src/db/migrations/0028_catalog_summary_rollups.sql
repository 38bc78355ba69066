-- 0028_catalog_summary_rollups.sql
-- Roll-ups behind POST /api/catalog/summary's default shape (grouped by config class and type,
-- filtered at most by type): counting a million configs and the last 30 days of ten million changes
-- on every request cannot answer in time, so triggers keep the counts as the catalog is written.
--
-- Creates
--   tables    : config_summary_counts   configs and cost sums per config class, type, health,
--                                        status and deleted-or-not
--               config_summary_changes  changes per config class, type, deleted-or-not of their
--                                        config and UTC hour of created_at
--               config_summary_scraped  the latest last-scraped time per config class, type and
--                                        deleted-or-not; it only grows, so a group keeps the time
--                                        of an item that left it (soft-deleted or retyped)
--   functions : configs_summary_after_write()          statement trigger on configs: counts, and
--                                                      moves a config's changes when its class,
--                                                      type or deletion changes
--               configs_summary_before_delete()        row trigger: a deleted config's changes
--                                                      leave the roll-up before they cascade
--               config_changes_summary_after_write()   statement trigger on config_changes
--               config_items_scraped_after_write()     statement trigger on
--                                                      config_items_last_scraped_time
--               config_summary_after_truncate()        empties the roll-ups a truncated table feeds
--               config_summary_rebuild()               recomputes the three from the tables (for
--                                                      bulk loads made with triggers off)

CREATE TABLE config_summary_counts (
  config_class    text,
  type            text NOT NULL,
  health          text,
  status          text,
  deleted         boolean NOT NULL,
  count           bigint NOT NULL DEFAULT 0,
  cost_per_minute numeric NOT NULL DEFAULT 0,
  cost_total_1d   numeric NOT NULL DEFAULT 0,
  cost_total_7d   numeric NOT NULL DEFAULT 0,
  cost_total_30d  numeric NOT NULL DEFAULT 0,
  UNIQUE NULLS NOT DISTINCT (config_class, type, health, status, deleted)
);

CREATE TABLE config_summary_changes (
  config_class text,
  type         text NOT NULL,
  deleted      boolean NOT NULL,
  hour         timestamptz NOT NULL,
  count        bigint NOT NULL DEFAULT 0,
  UNIQUE NULLS NOT DISTINCT (config_class, type, deleted, hour)
);

CREATE INDEX config_summary_changes_hour_idx ON config_summary_changes (hour);

CREATE TABLE config_summary_scraped (
  config_class      text,
  type              text NOT NULL,
  deleted           boolean NOT NULL,
  last_scraped_time timestamptz NOT NULL,
  UNIQUE NULLS NOT DISTINCT (config_class, type, deleted)
);

-- Rows are added in key order so that two writers lock the roll-up's rows in the same order.
CREATE FUNCTION config_summary_add_counts(delta jsonb) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO config_summary_counts AS s (config_class, type, health, status, deleted, count,
                                          cost_per_minute, cost_total_1d, cost_total_7d, cost_total_30d)
  SELECT d.config_class, d.type, d.health, d.status, d.deleted, sum(d.n), sum(d.cpm), sum(d.c1), sum(d.c7), sum(d.c30)
  FROM jsonb_to_recordset(delta) AS d(config_class text, type text, health text, status text, deleted boolean,
                                      n bigint, cpm numeric, c1 numeric, c7 numeric, c30 numeric)
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(d.n) <> 0 OR sum(d.cpm) <> 0 OR sum(d.c1) <> 0 OR sum(d.c7) <> 0 OR sum(d.c30) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (config_class, type, health, status, deleted) DO UPDATE
    SET count = s.count + EXCLUDED.count, cost_per_minute = s.cost_per_minute + EXCLUDED.cost_per_minute,
        cost_total_1d = s.cost_total_1d + EXCLUDED.cost_total_1d, cost_total_7d = s.cost_total_7d + EXCLUDED.cost_total_7d,
        cost_total_30d = s.cost_total_30d + EXCLUDED.cost_total_30d
$$;

CREATE FUNCTION config_summary_add_changes(delta jsonb) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO config_summary_changes AS s (config_class, type, deleted, hour, count)
  SELECT d.config_class, d.type, d.deleted, d.hour, sum(d.n)
  FROM jsonb_to_recordset(delta) AS d(config_class text, type text, deleted boolean, hour timestamptz, n bigint)
  GROUP BY 1, 2, 3, 4
  HAVING sum(d.n) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (config_class, type, deleted, hour) DO UPDATE SET count = s.count + EXCLUDED.count
$$;

CREATE FUNCTION config_summary_counts_of(rows_json jsonb, sign int) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_agg(jsonb_build_object(
    'config_class', r ->> 'config_class', 'type', r ->> 'type', 'health', r ->> 'health', 'status', r ->> 'status',
    'deleted', r ->> 'deleted_at' IS NOT NULL, 'n', sign,
    'cpm', sign * coalesce((r ->> 'cost_per_minute')::numeric, 0), 'c1', sign * coalesce((r ->> 'cost_total_1d')::numeric, 0),
    'c7', sign * coalesce((r ->> 'cost_total_7d')::numeric, 0), 'c30', sign * coalesce((r ->> 'cost_total_30d')::numeric, 0))), '[]')
  FROM jsonb_array_elements(rows_json) r
$$;

CREATE FUNCTION configs_summary_after_write() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  delta jsonb := '[]';
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO config_summary_counts AS s (config_class, type, health, status, deleted, count,
                                            cost_per_minute, cost_total_1d, cost_total_7d, cost_total_30d)
    SELECT n.config_class, n.type, n.health, n.status, n.deleted_at IS NOT NULL, count(*),
           coalesce(sum(n.cost_per_minute), 0), coalesce(sum(n.cost_total_1d), 0),
           coalesce(sum(n.cost_total_7d), 0), coalesce(sum(n.cost_total_30d), 0)
    FROM new_rows n GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (config_class, type, health, status, deleted) DO UPDATE
      SET count = s.count + EXCLUDED.count, cost_per_minute = s.cost_per_minute + EXCLUDED.cost_per_minute,
          cost_total_1d = s.cost_total_1d + EXCLUDED.cost_total_1d, cost_total_7d = s.cost_total_7d + EXCLUDED.cost_total_7d,
          cost_total_30d = s.cost_total_30d + EXCLUDED.cost_total_30d;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM config_summary_add_counts(config_summary_counts_of((SELECT jsonb_agg(to_jsonb(o)) FROM old_rows o), -1));
  ELSE
    -- Only rows whose counted columns changed move between groups.
    SELECT config_summary_counts_of(coalesce(jsonb_agg(to_jsonb(o)), '[]'), -1)
           || config_summary_counts_of(coalesce(jsonb_agg(to_jsonb(n)), '[]'), 1)
      INTO delta
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.config_class, o.type, o.health, o.status, o.deleted_at IS NULL, o.cost_per_minute, o.cost_total_1d, o.cost_total_7d, o.cost_total_30d)
          IS DISTINCT FROM
          (n.config_class, n.type, n.health, n.status, n.deleted_at IS NULL, n.cost_per_minute, n.cost_total_1d, n.cost_total_7d, n.cost_total_30d);
    IF jsonb_array_length(delta) > 0 THEN
      PERFORM config_summary_add_counts(delta);
    END IF;
    -- A config whose class, type or deletion changed takes its changes to its new group.
    SELECT coalesce(jsonb_agg(x), '[]') INTO delta FROM (
      SELECT jsonb_build_object('config_class', m.oc, 'type', m.ot, 'deleted', m.od, 'hour', date_trunc('hour', cc.created_at, 'UTC'), 'n', -count(*)) AS x
      FROM (SELECT o.id, o.config_class AS oc, o.type AS ot, o.deleted_at IS NOT NULL AS od,
                   n.config_class AS nc, n.type AS nt, n.deleted_at IS NOT NULL AS nd
            FROM old_rows o JOIN new_rows n ON n.id = o.id
            WHERE (o.config_class, o.type, o.deleted_at IS NULL) IS DISTINCT FROM (n.config_class, n.type, n.deleted_at IS NULL)) m
      JOIN config_changes cc ON cc.config_id = m.id
      GROUP BY m.oc, m.ot, m.od, date_trunc('hour', cc.created_at, 'UTC')
      UNION ALL
      SELECT jsonb_build_object('config_class', m.nc, 'type', m.nt, 'deleted', m.nd, 'hour', date_trunc('hour', cc.created_at, 'UTC'), 'n', count(*))
      FROM (SELECT o.id, n.config_class AS nc, n.type AS nt, n.deleted_at IS NOT NULL AS nd
            FROM old_rows o JOIN new_rows n ON n.id = o.id
            WHERE (o.config_class, o.type, o.deleted_at IS NULL) IS DISTINCT FROM (n.config_class, n.type, n.deleted_at IS NULL)) m
      JOIN config_changes cc ON cc.config_id = m.id
      GROUP BY m.nc, m.nt, m.nd, date_trunc('hour', cc.created_at, 'UTC')
    ) moved;
    IF jsonb_array_length(delta) > 0 THEN
      PERFORM config_summary_add_changes(delta);
    END IF;
    -- Its new group was last scraped at least when it was (the old group's time stays: it only grows).
    INSERT INTO config_summary_scraped AS s (config_class, type, deleted, last_scraped_time)
    SELECT n.config_class, n.type, n.deleted_at IS NOT NULL, max(t.last_scraped_time)
    FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN config_items_last_scraped_time t ON t.config_id = n.id
    WHERE (o.config_class, o.type, o.deleted_at IS NULL) IS DISTINCT FROM (n.config_class, n.type, n.deleted_at IS NULL)
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (config_class, type, deleted) DO UPDATE
      SET last_scraped_time = greatest(s.last_scraped_time, EXCLUDED.last_scraped_time);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER configs_summary_insert AFTER INSERT ON configs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION configs_summary_after_write();
CREATE TRIGGER configs_summary_update AFTER UPDATE ON configs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION configs_summary_after_write();
CREATE TRIGGER configs_summary_delete AFTER DELETE ON configs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION configs_summary_after_write();

-- The changes of a deleted config cascade away after its row is gone, when their own trigger can
-- no longer find its group: they leave the roll-up here, and that trigger skips them.
CREATE FUNCTION configs_summary_before_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM config_summary_add_changes(coalesce(jsonb_agg(jsonb_build_object(
    'config_class', OLD.config_class, 'type', OLD.type, 'deleted', OLD.deleted_at IS NOT NULL, 'hour', h.hour, 'n', -h.n)), '[]'))
  FROM (SELECT date_trunc('hour', cc.created_at, 'UTC') AS hour, count(*) AS n
        FROM config_changes cc WHERE cc.config_id = OLD.id GROUP BY 1) h;
  RETURN OLD;
END
$$;

CREATE TRIGGER configs_summary_before_delete BEFORE DELETE ON configs
  FOR EACH ROW EXECUTE FUNCTION configs_summary_before_delete();

CREATE FUNCTION config_changes_summary_after_write() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  delta jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO config_summary_changes AS s (config_class, type, deleted, hour, count)
    SELECT c.config_class, c.type, c.deleted_at IS NOT NULL, date_trunc('hour', n.created_at, 'UTC'), count(*)
    FROM new_rows n JOIN configs c ON c.id = n.config_id
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (config_class, type, deleted, hour) DO UPDATE SET count = s.count + EXCLUDED.count;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT coalesce(jsonb_agg(x), '[]') INTO delta FROM (
      SELECT jsonb_build_object('config_class', c.config_class, 'type', c.type, 'deleted', c.deleted_at IS NOT NULL,
                                'hour', date_trunc('hour', o.created_at, 'UTC'), 'n', -count(*)) AS x
      FROM old_rows o JOIN configs c ON c.id = o.config_id
      GROUP BY c.config_class, c.type, c.deleted_at IS NOT NULL, date_trunc('hour', o.created_at, 'UTC')) d;
    PERFORM config_summary_add_changes(delta);
  ELSE
    SELECT coalesce(jsonb_agg(x), '[]') INTO delta FROM (
      SELECT jsonb_build_object('config_class', c.config_class, 'type', c.type, 'deleted', c.deleted_at IS NOT NULL,
                                'hour', date_trunc('hour', o.created_at, 'UTC'), 'n', -count(*)) AS x
      FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN configs c ON c.id = o.config_id
      WHERE (o.created_at, o.config_id) IS DISTINCT FROM (n.created_at, n.config_id)
      GROUP BY c.config_class, c.type, c.deleted_at IS NOT NULL, date_trunc('hour', o.created_at, 'UTC')
      UNION ALL
      SELECT jsonb_build_object('config_class', c.config_class, 'type', c.type, 'deleted', c.deleted_at IS NOT NULL,
                                'hour', date_trunc('hour', n.created_at, 'UTC'), 'n', count(*))
      FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN configs c ON c.id = n.config_id
      WHERE (o.created_at, o.config_id) IS DISTINCT FROM (n.created_at, n.config_id)
      GROUP BY c.config_class, c.type, c.deleted_at IS NOT NULL, date_trunc('hour', n.created_at, 'UTC')) d;
    IF jsonb_array_length(delta) > 0 THEN
      PERFORM config_summary_add_changes(delta);
    END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER config_changes_summary_insert AFTER INSERT ON config_changes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION config_changes_summary_after_write();
CREATE TRIGGER config_changes_summary_update AFTER UPDATE ON config_changes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION config_changes_summary_after_write();
CREATE TRIGGER config_changes_summary_delete AFTER DELETE ON config_changes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION config_changes_summary_after_write();

CREATE FUNCTION config_items_scraped_after_write() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO config_summary_scraped AS s (config_class, type, deleted, last_scraped_time)
  SELECT c.config_class, c.type, c.deleted_at IS NOT NULL, max(n.last_scraped_time)
  FROM new_rows n JOIN configs c ON c.id = n.config_id
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (config_class, type, deleted) DO UPDATE
    SET last_scraped_time = greatest(s.last_scraped_time, EXCLUDED.last_scraped_time);
  RETURN NULL;
END
$$;

CREATE TRIGGER config_items_scraped_insert AFTER INSERT ON config_items_last_scraped_time
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION config_items_scraped_after_write();
CREATE TRIGGER config_items_scraped_update AFTER UPDATE ON config_items_last_scraped_time
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION config_items_scraped_after_write();

-- A table emptied at once empties what it feeds.
CREATE FUNCTION config_summary_after_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'configs' THEN
    DELETE FROM config_summary_counts;
    DELETE FROM config_summary_scraped;
  END IF;
  IF TG_TABLE_NAME IN ('configs', 'config_changes') THEN
    DELETE FROM config_summary_changes;
  END IF;
  IF TG_TABLE_NAME = 'config_items_last_scraped_time' THEN
    DELETE FROM config_summary_scraped;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER configs_summary_truncate AFTER TRUNCATE ON configs
  FOR EACH STATEMENT EXECUTE FUNCTION config_summary_after_truncate();
CREATE TRIGGER config_changes_summary_truncate AFTER TRUNCATE ON config_changes
  FOR EACH STATEMENT EXECUTE FUNCTION config_summary_after_truncate();
CREATE TRIGGER config_items_scraped_truncate AFTER TRUNCATE ON config_items_last_scraped_time
  FOR EACH STATEMENT EXECUTE FUNCTION config_summary_after_truncate();

CREATE FUNCTION config_summary_rebuild() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM config_summary_counts;
  DELETE FROM config_summary_changes;
  DELETE FROM config_summary_scraped;
  INSERT INTO config_summary_counts (config_class, type, health, status, deleted, count,
                                     cost_per_minute, cost_total_1d, cost_total_7d, cost_total_30d)
  SELECT config_class, type, health, status, deleted_at IS NOT NULL, count(*),
         coalesce(sum(cost_per_minute), 0), coalesce(sum(cost_total_1d), 0), coalesce(sum(cost_total_7d), 0), coalesce(sum(cost_total_30d), 0)
  FROM configs GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO config_summary_changes (config_class, type, deleted, hour, count)
  SELECT c.config_class, c.type, c.deleted_at IS NOT NULL, h.hour, sum(h.n)
  FROM (SELECT config_id, date_trunc('hour', created_at, 'UTC') AS hour, count(*) AS n FROM config_changes GROUP BY 1, 2) h
  JOIN configs c ON c.id = h.config_id
  GROUP BY 1, 2, 3, 4;
  INSERT INTO config_summary_scraped (config_class, type, deleted, last_scraped_time)
  SELECT c.config_class, c.type, c.deleted_at IS NOT NULL, max(s.last_scraped_time)
  FROM config_items_last_scraped_time s JOIN configs c ON c.id = s.config_id
  GROUP BY 1, 2, 3;
$$;

SELECT config_summary_rebuild();
