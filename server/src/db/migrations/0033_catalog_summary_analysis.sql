-- 0033_catalog_summary_analysis.sql
-- The summary's open insights per type in a roll-up too (see 0028_catalog_summary_rollups.sql):
-- counting them joined to a million configs took longer than the rest of the summary.
--
-- Creates
--   tables    : config_summary_analysis  open insights per config class, type, deleted-or-not of
--                                         their config, analysis type and UTC hour of first_observed
--   functions : config_summary_add_analysis(delta)       adds signed counts
--               config_analysis_summary_after_write()    statement trigger on config_analysis
--               configs_summary_analysis_after_update()  moves a config's insights when its class,
--                                                        type or deletion changes
--               configs_summary_analysis_before_delete() a deleted config's insights leave first
--               config_summary_analysis_after_truncate()
--   replaces  : config_summary_rebuild()  also recomputes this roll-up

CREATE TABLE config_summary_analysis (
  config_class  text,
  type          text NOT NULL,
  deleted       boolean NOT NULL,
  analysis_type text NOT NULL,
  hour          timestamptz NOT NULL,
  count         bigint NOT NULL DEFAULT 0,
  UNIQUE NULLS NOT DISTINCT (config_class, type, deleted, analysis_type, hour)
);

CREATE INDEX config_summary_analysis_hour_idx ON config_summary_analysis (hour);

CREATE FUNCTION config_summary_add_analysis(delta jsonb) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO config_summary_analysis AS s (config_class, type, deleted, analysis_type, hour, count)
  SELECT d.config_class, d.type, d.deleted, d.analysis_type, d.hour, sum(d.n)
  FROM jsonb_to_recordset(delta) AS d(config_class text, type text, deleted boolean, analysis_type text, hour timestamptz, n bigint)
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(d.n) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (config_class, type, deleted, analysis_type, hour) DO UPDATE SET count = s.count + EXCLUDED.count
$$;

CREATE FUNCTION config_analysis_summary_after_write() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  delta jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT coalesce(jsonb_agg(x), '[]') INTO delta FROM (
      SELECT jsonb_build_object('config_class', c.config_class, 'type', c.type, 'deleted', c.deleted_at IS NOT NULL,
                                'analysis_type', n.analysis_type, 'hour', date_trunc('hour', n.first_observed, 'UTC'), 'n', count(*)) AS x
      FROM new_rows n JOIN configs c ON c.id = n.config_id WHERE n.status = 'open'
      GROUP BY c.config_class, c.type, c.deleted_at IS NOT NULL, n.analysis_type, date_trunc('hour', n.first_observed, 'UTC')) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT coalesce(jsonb_agg(x), '[]') INTO delta FROM (
      SELECT jsonb_build_object('config_class', c.config_class, 'type', c.type, 'deleted', c.deleted_at IS NOT NULL,
                                'analysis_type', o.analysis_type, 'hour', date_trunc('hour', o.first_observed, 'UTC'), 'n', -count(*)) AS x
      FROM old_rows o JOIN configs c ON c.id = o.config_id WHERE o.status = 'open'
      GROUP BY c.config_class, c.type, c.deleted_at IS NOT NULL, o.analysis_type, date_trunc('hour', o.first_observed, 'UTC')) d;
  ELSE
    SELECT coalesce(jsonb_agg(x), '[]') INTO delta FROM (
      SELECT jsonb_build_object('config_class', c.config_class, 'type', c.type, 'deleted', c.deleted_at IS NOT NULL,
                                'analysis_type', o.analysis_type, 'hour', date_trunc('hour', o.first_observed, 'UTC'), 'n', -count(*)) AS x
      FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN configs c ON c.id = o.config_id
      WHERE o.status = 'open'
        AND (o.status, o.first_observed, o.config_id, o.analysis_type) IS DISTINCT FROM (n.status, n.first_observed, n.config_id, n.analysis_type)
      GROUP BY c.config_class, c.type, c.deleted_at IS NOT NULL, o.analysis_type, date_trunc('hour', o.first_observed, 'UTC')
      UNION ALL
      SELECT jsonb_build_object('config_class', c.config_class, 'type', c.type, 'deleted', c.deleted_at IS NOT NULL,
                                'analysis_type', n.analysis_type, 'hour', date_trunc('hour', n.first_observed, 'UTC'), 'n', count(*))
      FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN configs c ON c.id = n.config_id
      WHERE n.status = 'open'
        AND (o.status, o.first_observed, o.config_id, o.analysis_type) IS DISTINCT FROM (n.status, n.first_observed, n.config_id, n.analysis_type)
      GROUP BY c.config_class, c.type, c.deleted_at IS NOT NULL, n.analysis_type, date_trunc('hour', n.first_observed, 'UTC')) d;
  END IF;
  IF jsonb_array_length(delta) > 0 THEN
    PERFORM config_summary_add_analysis(delta);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER config_analysis_summary_insert AFTER INSERT ON config_analysis
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION config_analysis_summary_after_write();
CREATE TRIGGER config_analysis_summary_update AFTER UPDATE ON config_analysis
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION config_analysis_summary_after_write();
CREATE TRIGGER config_analysis_summary_delete AFTER DELETE ON config_analysis
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION config_analysis_summary_after_write();

CREATE FUNCTION configs_summary_analysis_after_update() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  delta jsonb;
BEGIN
  SELECT coalesce(jsonb_agg(x), '[]') INTO delta FROM (
    SELECT jsonb_build_object('config_class', m.oc, 'type', m.ot, 'deleted', m.od, 'analysis_type', a.analysis_type,
                              'hour', date_trunc('hour', a.first_observed, 'UTC'), 'n', -count(*)) AS x
    FROM (SELECT o.id, o.config_class AS oc, o.type AS ot, o.deleted_at IS NOT NULL AS od
          FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE (o.config_class, o.type, o.deleted_at IS NULL) IS DISTINCT FROM (n.config_class, n.type, n.deleted_at IS NULL)) m
    JOIN config_analysis a ON a.config_id = m.id AND a.status = 'open'
    GROUP BY m.oc, m.ot, m.od, a.analysis_type, date_trunc('hour', a.first_observed, 'UTC')
    UNION ALL
    SELECT jsonb_build_object('config_class', m.nc, 'type', m.nt, 'deleted', m.nd, 'analysis_type', a.analysis_type,
                              'hour', date_trunc('hour', a.first_observed, 'UTC'), 'n', count(*))
    FROM (SELECT n.id, n.config_class AS nc, n.type AS nt, n.deleted_at IS NOT NULL AS nd
          FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE (o.config_class, o.type, o.deleted_at IS NULL) IS DISTINCT FROM (n.config_class, n.type, n.deleted_at IS NULL)) m
    JOIN config_analysis a ON a.config_id = m.id AND a.status = 'open'
    GROUP BY m.nc, m.nt, m.nd, a.analysis_type, date_trunc('hour', a.first_observed, 'UTC')
  ) moved;
  IF jsonb_array_length(delta) > 0 THEN
    PERFORM config_summary_add_analysis(delta);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER configs_summary_analysis_update AFTER UPDATE ON configs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION configs_summary_analysis_after_update();

CREATE FUNCTION configs_summary_analysis_before_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM config_summary_add_analysis(coalesce(jsonb_agg(jsonb_build_object(
    'config_class', OLD.config_class, 'type', OLD.type, 'deleted', OLD.deleted_at IS NOT NULL,
    'analysis_type', h.analysis_type, 'hour', h.hour, 'n', -h.n)), '[]'))
  FROM (SELECT a.analysis_type, date_trunc('hour', a.first_observed, 'UTC') AS hour, count(*) AS n
        FROM config_analysis a WHERE a.config_id = OLD.id AND a.status = 'open' GROUP BY 1, 2) h;
  RETURN OLD;
END
$$;

CREATE TRIGGER configs_summary_analysis_before_delete BEFORE DELETE ON configs
  FOR EACH ROW EXECUTE FUNCTION configs_summary_analysis_before_delete();

CREATE FUNCTION config_summary_analysis_after_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM config_summary_analysis;
  RETURN NULL;
END
$$;

CREATE TRIGGER configs_summary_analysis_truncate AFTER TRUNCATE ON configs
  FOR EACH STATEMENT EXECUTE FUNCTION config_summary_analysis_after_truncate();
CREATE TRIGGER config_analysis_summary_truncate AFTER TRUNCATE ON config_analysis
  FOR EACH STATEMENT EXECUTE FUNCTION config_summary_analysis_after_truncate();

CREATE OR REPLACE FUNCTION config_summary_rebuild() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM config_summary_counts;
  DELETE FROM config_summary_changes;
  DELETE FROM config_summary_scraped;
  DELETE FROM config_summary_analysis;
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
  INSERT INTO config_summary_analysis (config_class, type, deleted, analysis_type, hour, count)
  SELECT c.config_class, c.type, c.deleted_at IS NOT NULL, a.analysis_type, date_trunc('hour', a.first_observed, 'UTC'), count(*)
  FROM config_analysis a JOIN configs c ON c.id = a.config_id
  WHERE a.status = 'open'
  GROUP BY 1, 2, 3, 4, 5;
$$;

INSERT INTO config_summary_analysis (config_class, type, deleted, analysis_type, hour, count)
SELECT c.config_class, c.type, c.deleted_at IS NOT NULL, a.analysis_type, date_trunc('hour', a.first_observed, 'UTC'), count(*)
FROM config_analysis a JOIN configs c ON c.id = a.config_id
WHERE a.status = 'open'
GROUP BY 1, 2, 3, 4, 5;
