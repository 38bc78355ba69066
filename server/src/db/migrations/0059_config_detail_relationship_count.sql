-- 0059_config_detail_relationship_count.sql
-- The Relationships tab of a config lists the configs related to it (both ways, to depth 10, deleted
-- ones left out) and the components linked to it; its count in config_detail.summary counted only the
-- config's direct config relationships, so a config with a linked component read 0 beside a tab that
-- showed it. It now counts what the tab shows.
--
-- Replaces
--   views : config_detail (summary.relationships)

DROP VIEW config_detail;

CREATE VIEW config_detail AS
SELECT c.*,
       CASE WHEN s.id IS NOT NULL THEN jsonb_build_object('id', s.id, 'name', s.name) END
         AS config_scrapers,
       jsonb_build_object('id', a.id, 'name', a.name) AS agent,
       jsonb_build_object(
         'changes', (SELECT count(*) FROM config_changes cc WHERE cc.config_id = c.id),
         'analysis', (SELECT count(*) FROM config_analysis ca WHERE ca.config_id = c.id),
         'relationships',
             (SELECT count(DISTINCT r.id) FROM related_configs_recursive(c.id, false, 10) r)
           + (SELECT count(*) FROM config_component_relationships l
               WHERE l.config_id = c.id AND l.deleted_at IS NULL),
         'playbook_runs', (SELECT count(*) FROM playbook_runs pr WHERE pr.config_id = c.id),
         'checks', (SELECT count(*) FROM check_config_relationships ccr
                      JOIN checks ck ON ck.id = ccr.check_id
                     WHERE ccr.config_id = c.id AND ccr.deleted_at IS NULL
                       AND ck.deleted_at IS NULL)
       ) AS summary
FROM configs c
LEFT JOIN config_scrapers s ON s.id = c.scraper_id
LEFT JOIN agents a ON a.id = c.agent_id;
