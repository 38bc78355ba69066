-- 0010_views.sql
-- Read models: the views screens read through /api/db. Views that expose created_by keep that
-- name (a uuid referencing people) so the data service can embed through it.
--
-- Creates
--   functions : resource_job_status(resource_id text)  last job of a resource (inlined by the
--               planner into the *_with_status views)
--   views     : settings lists  canaries_with_status, topologies_with_status,
--                               config_scrapers_with_status, logging_backends_with_status,
--                               notifications_with_status, properties_with_status,
--                               teams_with_status, integrations_with_status
--               agents          agents_summary
--               health          checks_by_component, check_summary_for_config
--               topology        component_names, component_labels, components_with_logs,
--                               team_components
--               catalog         config_detail, config_names, config_types, config_tags,
--                               config_labels, config_statuses, change_types,
--                               config_analysis_analyzers, config_analysis_items,
--                               analysis_by_component, changes_by_component
--               incidents       incident_summary, incidents_by_component, incidents_by_config
--               playbooks       playbook_names
--               notifications   notifications_summary
--               jobs / events   job_history_names, event_queue_summary

-- ---------------------------------------------------------------------------------------------
-- Job status of a resource (job_histories.resource_id = the resource id as text)
-- ---------------------------------------------------------------------------------------------

CREATE FUNCTION resource_job_status(p_resource_id text)
RETURNS TABLE (
  last_runtime    timestamptz,
  job_last_failed timestamptz,
  job_status      text,
  job_details     jsonb,
  job_name        text,
  job_time_start  timestamptz
)
LANGUAGE sql STABLE AS $$
  SELECT l.time_start, f.last_failed, l.status, l.details, l.name, l.time_start
  FROM (SELECT 1) AS one
  LEFT JOIN LATERAL (
    SELECT jh.time_start, jh.status, jh.details, jh.name
    FROM job_histories jh
    WHERE jh.resource_id = p_resource_id
    ORDER BY jh.created_at DESC
    LIMIT 1
  ) AS l ON true
  LEFT JOIN LATERAL (
    SELECT max(jh.created_at) AS last_failed
    FROM job_histories jh
    WHERE jh.resource_id = p_resource_id AND jh.status = 'FAILED'
  ) AS f ON true
$$;

-- ---------------------------------------------------------------------------------------------
-- Generic settings lists (GET {table}_with_status?select=*,created_by(...)&deleted_at=is.null
--   &order=created_at.desc&limit=100)
-- ---------------------------------------------------------------------------------------------

CREATE VIEW canaries_with_status AS
SELECT t.*, t.spec ->> 'schedule' AS schedule,
       js.last_runtime, js.job_last_failed, js.job_status, js.job_details, js.job_name,
       js.job_time_start
FROM canaries t
LEFT JOIN LATERAL resource_job_status(t.id::text) js ON true;

CREATE VIEW topologies_with_status AS
SELECT t.*, t.spec ->> 'schedule' AS schedule,
       js.last_runtime, js.job_last_failed, js.job_status, js.job_details, js.job_name,
       js.job_time_start
FROM topologies t
LEFT JOIN LATERAL resource_job_status(t.id::text) js ON true;

CREATE VIEW config_scrapers_with_status AS
SELECT t.*, t.spec ->> 'schedule' AS schedule,
       js.last_runtime, js.job_last_failed, js.job_status, js.job_details, js.job_name,
       js.job_time_start
FROM config_scrapers t
LEFT JOIN LATERAL resource_job_status(t.id::text) js ON true;

CREATE VIEW logging_backends_with_status AS
SELECT t.*,
       js.last_runtime, js.job_last_failed, js.job_status, js.job_details, js.job_name,
       js.job_time_start
FROM logging_backends t
LEFT JOIN LATERAL resource_job_status(t.id::text) js ON true;

CREATE VIEW notifications_with_status AS
SELECT t.*,
       js.last_runtime, js.job_last_failed, js.job_status, js.job_details, js.job_name,
       js.job_time_start
FROM notifications t
LEFT JOIN LATERAL resource_job_status(t.id::text) js ON true;

-- properties are keyed by name, so their jobs use the name as resource_id
CREATE VIEW properties_with_status AS
SELECT t.*,
       js.last_runtime, js.job_last_failed, js.job_status, js.job_details, js.job_name,
       js.job_time_start
FROM properties t
LEFT JOIN LATERAL resource_job_status(t.name) js ON true;

CREATE VIEW teams_with_status AS
SELECT t.*,
       js.last_runtime, js.job_last_failed, js.job_status, js.job_details, js.job_name,
       js.job_time_start
FROM teams t
LEFT JOIN LATERAL resource_job_status(t.id::text) js ON true;

-- Integrations page: scrapers, topologies and log backends in one list (live rows only).
CREATE VIEW integrations_with_status AS
SELECT u.id, u.name, u.namespace, u.description, u.source, u.integration_type, u.labels, u.spec,
       u.agent_id, jsonb_build_object('id', a.id, 'name', a.name) AS agent,
       js.last_runtime, js.job_last_failed, js.job_status, js.job_details, js.job_name,
       js.job_time_start,
       u.created_by, u.created_at, u.updated_at, u.deleted_at
FROM (
  SELECT s.id, s.name, s.namespace, s.description, s.source, 'scrapers'::text AS integration_type,
         s.labels, s.spec, s.agent_id, s.created_by, s.created_at, s.updated_at, s.deleted_at
  FROM config_scrapers s
  WHERE s.deleted_at IS NULL
  UNION ALL
  SELECT t.id, t.name, t.namespace, NULL::text, t.source, 'topologies'::text,
         t.labels, t.spec, t.agent_id, t.created_by, t.created_at, t.updated_at, t.deleted_at
  FROM topologies t
  WHERE t.deleted_at IS NULL
  UNION ALL
  SELECT l.id, l.name, l.namespace, NULL::text, l.source, 'logging_backends'::text,
         l.labels, l.spec, l.agent_id, l.created_by, l.created_at, l.updated_at, l.deleted_at
  FROM logging_backends l
  WHERE l.deleted_at IS NULL
) AS u
LEFT JOIN agents a ON a.id = u.agent_id
LEFT JOIN LATERAL resource_job_status(u.id::text) js ON true;

-- ---------------------------------------------------------------------------------------------
-- Agents (live remote agents; the local agent is not listed)
-- ---------------------------------------------------------------------------------------------

CREATE VIEW agents_summary AS
SELECT a.*,
       (SELECT count(*) FROM configs c
         WHERE c.agent_id = a.id AND c.deleted_at IS NULL)          AS config_count,
       (SELECT count(*) FROM checks ck
         WHERE ck.agent_id = a.id AND ck.deleted_at IS NULL)        AS checks_count,
       (SELECT count(*) FROM config_scrapers s
         WHERE s.agent_id = a.id AND s.deleted_at IS NULL)          AS config_scrapper_count,
       (SELECT count(*) FROM playbook_runs pr
         WHERE pr.agent_id = a.id)                                  AS playbook_runs_count
FROM agents a
WHERE a.deleted_at IS NULL
  AND a.id <> '00000000-0000-0000-0000-000000000000';

-- ---------------------------------------------------------------------------------------------
-- Health
-- ---------------------------------------------------------------------------------------------

-- Checks linked to a component; uptime = passed/failed results over the last 24 hours.
CREATE VIEW checks_by_component AS
SELECT r.component_id, ck.id, ck.canary_id, cn.name AS canary_name, ck.agent_id, ck.type, ck.name,
       ck.namespace, ck.description, ck.icon, ck.endpoint, ck.labels, ck.severity, ck.status,
       ck.last_runtime, ck.next_runtime, ck.last_transition_time, r.selector_id,
       jsonb_build_object('passed', coalesce(u.passed, 0), 'failed', coalesce(u.failed, 0)) AS uptime,
       ck.created_at, ck.updated_at, ck.deleted_at
FROM check_component_relationships r
JOIN checks ck ON ck.id = r.check_id
JOIN canaries cn ON cn.id = ck.canary_id
LEFT JOIN LATERAL (
  SELECT sum(h.passed) AS passed, sum(h.failed) AS failed
  FROM check_statuses_1h h
  WHERE h.check_id = ck.id AND h.time > now() - interval '24 hours'
) u ON true
WHERE r.deleted_at IS NULL AND ck.deleted_at IS NULL;

CREATE VIEW check_summary_for_config AS
SELECT r.config_id, ck.id, ck.canary_id, cn.name AS canary_name, ck.agent_id, ck.type, ck.name,
       ck.namespace, ck.description, ck.icon, ck.endpoint, ck.labels, ck.severity, ck.status,
       ck.last_runtime, ck.next_runtime, ck.last_transition_time, r.selector_id,
       jsonb_build_object('passed', coalesce(u.passed, 0), 'failed', coalesce(u.failed, 0)) AS uptime,
       ck.created_at, ck.updated_at, ck.deleted_at
FROM check_config_relationships r
JOIN checks ck ON ck.id = r.check_id
JOIN canaries cn ON cn.id = ck.canary_id
LEFT JOIN LATERAL (
  SELECT sum(h.passed) AS passed, sum(h.failed) AS failed
  FROM check_statuses_1h h
  WHERE h.check_id = ck.id AND h.time > now() - interval '24 hours'
) u ON true
WHERE r.deleted_at IS NULL AND ck.deleted_at IS NULL;

-- ---------------------------------------------------------------------------------------------
-- Topology
-- ---------------------------------------------------------------------------------------------

-- Component picker: live, visible components (deleted_at kept for filters; always NULL here).
CREATE VIEW component_names AS
SELECT c.id, c.name, c.type, c.icon, c.external_id, c.path, c.parent_id, c.topology_id,
       c.agent_id, c.created_at, c.updated_at, c.deleted_at
FROM components c
WHERE c.deleted_at IS NULL AND NOT c.hidden;

CREATE VIEW component_labels AS
SELECT DISTINCT l.key, l.value
FROM components c
CROSS JOIN LATERAL jsonb_each_text(c.labels) AS l(key, value)
WHERE c.deleted_at IS NULL;

CREATE VIEW components_with_logs AS
SELECT c.id, c.name, c.type, c.icon, c.external_id, c.topology_id, c.agent_id, c.logs
FROM components c
WHERE c.deleted_at IS NULL AND jsonb_array_length(c.logs) > 0;

CREATE VIEW team_components AS
SELECT r.component_id, r.team_id, r.role, r.selector_id, r.created_at,
       jsonb_build_object(
         'id', t.id, 'name', t.name, 'icon', t.icon,
         'created_by', CASE WHEN p.id IS NOT NULL
                            THEN jsonb_build_object('id', p.id, 'name', p.name, 'avatar', p.avatar)
                       END) AS team
FROM team_component_relationships r
JOIN teams t ON t.id = r.team_id
LEFT JOIN people p ON p.id = t.created_by
WHERE t.deleted_at IS NULL;

-- ---------------------------------------------------------------------------------------------
-- Catalog
-- ---------------------------------------------------------------------------------------------

CREATE VIEW config_detail AS
SELECT c.*,
       CASE WHEN s.id IS NOT NULL THEN jsonb_build_object('id', s.id, 'name', s.name) END
         AS config_scrapers,
       jsonb_build_object('id', a.id, 'name', a.name) AS agent,
       jsonb_build_object(
         'changes', (SELECT count(*) FROM config_changes cc WHERE cc.config_id = c.id),
         'analysis', (SELECT count(*) FROM config_analysis ca WHERE ca.config_id = c.id),
         'relationships',
             (SELECT count(*) FROM config_relationships r
               WHERE r.config_id = c.id AND r.deleted_at IS NULL)
           + (SELECT count(*) FROM config_relationships r
               WHERE r.related_id = c.id AND r.deleted_at IS NULL),
         'playbook_runs', (SELECT count(*) FROM playbook_runs pr WHERE pr.config_id = c.id),
         'checks', (SELECT count(*) FROM check_config_relationships ccr
                      JOIN checks ck ON ck.id = ccr.check_id
                     WHERE ccr.config_id = c.id AND ccr.deleted_at IS NULL
                       AND ck.deleted_at IS NULL)
       ) AS summary
FROM configs c
LEFT JOIN config_scrapers s ON s.id = c.scraper_id
LEFT JOIN agents a ON a.id = c.agent_id;

CREATE VIEW config_names AS
SELECT c.id, c.name, c.type, c.config_class, c.agent_id, c.deleted_at
FROM configs c;

CREATE VIEW config_types AS
SELECT c.type, count(*) AS count
FROM configs c
WHERE c.deleted_at IS NULL
GROUP BY c.type;

CREATE VIEW config_tags AS
SELECT DISTINCT t.key, t.value
FROM configs c
CROSS JOIN LATERAL jsonb_each_text(c.tags) AS t(key, value)
WHERE c.deleted_at IS NULL;

CREATE VIEW config_labels AS
SELECT DISTINCT l.key, l.value
FROM configs c
CROSS JOIN LATERAL jsonb_each_text(c.labels) AS l(key, value)
WHERE c.deleted_at IS NULL;

CREATE VIEW config_statuses AS
SELECT DISTINCT c.status
FROM configs c
WHERE c.deleted_at IS NULL AND c.status IS NOT NULL;

-- Distinct change types by a loose index scan over config_changes (change_type).
CREATE VIEW change_types AS
WITH RECURSIVE t AS (
  SELECT (SELECT min(cc.change_type) FROM config_changes cc) AS change_type
  UNION ALL
  SELECT (SELECT min(cc.change_type) FROM config_changes cc WHERE cc.change_type > t.change_type)
  FROM t
  WHERE t.change_type IS NOT NULL
)
SELECT t.change_type FROM t WHERE t.change_type IS NOT NULL;

CREATE VIEW config_analysis_analyzers AS
SELECT DISTINCT ca.analyzer
FROM config_analysis ca;

-- Insights list. Filter by component with component_ids=cs.{<component id>}.
CREATE VIEW config_analysis_items AS
SELECT ca.*,
       c.name AS config_name,
       c.type AS config_type,
       c.config_class,
       jsonb_build_object('id', c.id, 'name', c.name, 'type', c.type,
                          'config_class', c.config_class) AS config,
       coalesce((SELECT array_agg(ccr.component_id)
                   FROM config_component_relationships ccr
                  WHERE ccr.config_id = ca.config_id AND ccr.deleted_at IS NULL),
                '{}'::uuid[]) AS component_ids
FROM config_analysis ca
JOIN configs c ON c.id = ca.config_id
WHERE c.deleted_at IS NULL;

CREATE VIEW analysis_by_component AS
SELECT ccr.component_id, ca.*,
       c.name AS config_name,
       c.type AS config_type,
       jsonb_build_object('id', c.id, 'name', c.name, 'type', c.type,
                          'config_class', c.config_class) AS config
FROM config_component_relationships ccr
JOIN configs c ON c.id = ccr.config_id
JOIN config_analysis ca ON ca.config_id = c.id
WHERE ccr.deleted_at IS NULL AND c.deleted_at IS NULL;

CREATE VIEW changes_by_component AS
SELECT ccr.component_id, cc.*,
       c.name AS config_name,
       c.type AS config_type,
       jsonb_build_object('id', c.id, 'name', c.name, 'type', c.type,
                          'config_class', c.config_class) AS config
FROM config_component_relationships ccr
JOIN configs c ON c.id = ccr.config_id
JOIN config_changes cc ON cc.config_id = c.id
WHERE ccr.deleted_at IS NULL;

-- ---------------------------------------------------------------------------------------------
-- Incidents
-- ---------------------------------------------------------------------------------------------

CREATE VIEW incident_summary AS
SELECT i.id, i.incident_id, i.title, i.description, i.type, i.severity, i.status,
       i.commander_id, i.communicator_id, i.incident_rule_id, i.created_by, i.created_at,
       i.updated_at,
       CASE WHEN cm.id IS NOT NULL
            THEN jsonb_build_object('id', cm.id, 'name', cm.name, 'avatar', cm.avatar)
       END AS commander,
       coalesce(rs.responders, '[]'::jsonb) AS responders,
       coalesce(rs.responders_count, 0) AS responders_count,
       (SELECT count(*) FROM hypotheses h WHERE h.incident_id = i.id) AS hypotheses_count,
       coalesce(ev.evidences_count, 0) AS evidences_count,
       (SELECT count(*) FROM comments co WHERE co.incident_id = i.id) AS comments_count,
       coalesce(ev.component_ids, '{}'::uuid[]) AS component_ids,
       coalesce(ev.config_ids, '{}'::uuid[]) AS config_ids
FROM incidents i
LEFT JOIN people cm ON cm.id = i.commander_id
LEFT JOIN LATERAL (
  SELECT jsonb_agg(jsonb_build_object(
           'id', r.id, 'type', r.type, 'team_id', r.team_id, 'person_id', r.person_id,
           'name', coalesce(p.name, t.name), 'avatar', p.avatar, 'icon', t.icon)
           ORDER BY r.created_at) AS responders,
         count(*) AS responders_count
  FROM responders r
  LEFT JOIN people p ON p.id = r.person_id
  LEFT JOIN teams t ON t.id = r.team_id
  WHERE r.incident_id = i.id AND r.deleted_at IS NULL
) rs ON true
LEFT JOIN LATERAL (
  SELECT count(*) AS evidences_count,
         array_agg(DISTINCT e.component_id) FILTER (WHERE e.component_id IS NOT NULL)
           AS component_ids,
         array_agg(DISTINCT e.config_id) FILTER (WHERE e.config_id IS NOT NULL) AS config_ids
  FROM hypotheses h
  JOIN evidences e ON e.hypothesis_id = h.id
  WHERE h.incident_id = i.id
) ev ON true;

CREATE VIEW incidents_by_component AS
SELECT DISTINCT e.component_id, i.id, i.incident_id, i.title, i.description, i.type, i.severity,
       i.status, i.commander_id, i.created_by, i.created_at, i.updated_at
FROM evidences e
JOIN hypotheses h ON h.id = e.hypothesis_id
JOIN incidents i ON i.id = h.incident_id
WHERE e.component_id IS NOT NULL;

CREATE VIEW incidents_by_config AS
SELECT DISTINCT e.config_id, i.id, i.incident_id, i.title, i.description, i.type, i.severity,
       i.status, i.commander_id, i.created_by, i.created_at, i.updated_at
FROM evidences e
JOIN hypotheses h ON h.id = e.hypothesis_id
JOIN incidents i ON i.id = h.incident_id
WHERE e.config_id IS NOT NULL;

-- ---------------------------------------------------------------------------------------------
-- Playbooks
-- ---------------------------------------------------------------------------------------------

CREATE VIEW playbook_names AS
SELECT p.id, p.name, p.title, p.icon, p.category, p.description
FROM playbooks p
WHERE p.deleted_at IS NULL;

-- ---------------------------------------------------------------------------------------------
-- Notifications (live rules with their delivery statistics)
-- ---------------------------------------------------------------------------------------------

CREATE VIEW notifications_summary AS
SELECT n.*,
       CASE WHEN p.id IS NOT NULL
            THEN jsonb_build_object('id', p.id, 'name', p.name, 'avatar', p.avatar, 'email', p.email)
       END AS person,
       CASE WHEN t.id IS NOT NULL
            THEN jsonb_build_object('id', t.id, 'name', t.name, 'icon', t.icon)
       END AS team,
       coalesce(h.pending, 0) AS pending,
       coalesce(h.failed, 0) AS failed,
       coalesce(h.sent, 0) AS sent,
       h.avg_duration_ms,
       h.most_common_error
FROM notifications n
LEFT JOIN people p ON p.id = n.person_id
LEFT JOIN teams t ON t.id = n.team_id
LEFT JOIN LATERAL (
  SELECT count(*) FILTER (WHERE s.status = 'pending') AS pending,
         count(*) FILTER (WHERE s.status = 'failed') AS failed,
         count(*) FILTER (WHERE s.status = 'sent') AS sent,
         round(avg(s.duration_millis))::bigint AS avg_duration_ms,
         mode() WITHIN GROUP (ORDER BY s.error) AS most_common_error
  FROM notification_send_history s
  WHERE s.notification_id = n.id
) h ON true
WHERE n.deleted_at IS NULL;

-- ---------------------------------------------------------------------------------------------
-- Jobs and events
-- ---------------------------------------------------------------------------------------------

-- Distinct job names by a loose index scan over job_histories (name).
CREATE VIEW job_history_names AS
WITH RECURSIVE t AS (
  SELECT (SELECT min(jh.name) FROM job_histories jh) AS name
  UNION ALL
  SELECT (SELECT min(jh.name) FROM job_histories jh WHERE jh.name > t.name)
  FROM t
  WHERE t.name IS NOT NULL
)
SELECT t.name FROM t WHERE t.name IS NOT NULL;

-- pending: not yet attempted; failed: attempted and errored (waiting for a retry).
CREATE VIEW event_queue_summary AS
SELECT q.name,
       count(*) FILTER (WHERE q.attempts = 0 AND q.error IS NULL) AS pending,
       count(*) FILTER (WHERE q.error IS NOT NULL) AS failed,
       round(avg(q.attempts) FILTER (WHERE q.attempts > 0), 2) AS average_attempts,
       min(q.last_attempt) FILTER (WHERE q.error IS NOT NULL) AS first_failure,
       max(q.last_attempt) FILTER (WHERE q.error IS NOT NULL) AS last_failure,
       mode() WITHIN GROUP (ORDER BY q.error) AS most_common_error
FROM event_queue q
GROUP BY q.name;
