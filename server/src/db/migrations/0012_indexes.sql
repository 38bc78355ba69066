-- 0012_indexes.sql
-- Access-path indexes for the calls the spec makes (filters, orderings, foreign keys that are
-- filtered or cascaded on), uniqueness rules of live (not soft-deleted) rows, and time indexes
-- (BRIN) for the time series. Primary keys and UNIQUE constraints declared with the tables are
-- not repeated here; e.g. check_statuses' PK (check_id, time) already serves
-- "check_id=eq.X & time=gt.T order by time desc" (scanned backwards).
--
-- Creates: indexes only.

-- people / auth ------------------------------------------------------------------------------
CREATE UNIQUE INDEX people_email_key ON people (lower(email))
  WHERE deleted_at IS NULL AND email IS NOT NULL;
CREATE INDEX people_name_idx ON people (name);
CREATE INDEX person_roles_role_idx ON person_roles (role);
CREATE INDEX identities_email_idx ON identities (lower(traits ->> 'email'));
CREATE INDEX access_tokens_person_id_idx ON access_tokens (person_id);
CREATE INDEX access_tokens_expires_at_idx ON access_tokens (expires_at) WHERE expires_at IS NOT NULL;

-- agents / teams -------------------------------------------------------------------------------
CREATE UNIQUE INDEX agents_name_key ON agents (name) WHERE deleted_at IS NULL;
CREATE INDEX agents_created_at_idx ON agents (created_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX agents_person_id_idx ON agents (person_id) WHERE person_id IS NOT NULL;

CREATE UNIQUE INDEX teams_name_key ON teams (name) WHERE deleted_at IS NULL;
CREATE INDEX teams_created_at_idx ON teams (created_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX team_members_person_id_idx ON team_members (person_id);

-- settings resources ---------------------------------------------------------------------------
CREATE UNIQUE INDEX connections_name_key ON connections (namespace, name) WHERE deleted_at IS NULL;
CREATE INDEX connections_created_at_idx ON connections (created_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX connections_type_idx ON connections (type);

CREATE INDEX properties_created_at_idx ON properties (created_at DESC);

CREATE UNIQUE INDEX canaries_name_key ON canaries (agent_id, namespace, name) WHERE deleted_at IS NULL;
CREATE INDEX canaries_created_at_idx ON canaries (created_at DESC) WHERE deleted_at IS NULL;

CREATE UNIQUE INDEX topologies_name_key ON topologies (agent_id, namespace, name) WHERE deleted_at IS NULL;
CREATE INDEX topologies_created_at_idx ON topologies (created_at DESC) WHERE deleted_at IS NULL;

CREATE UNIQUE INDEX config_scrapers_name_key ON config_scrapers (agent_id, namespace, name) WHERE deleted_at IS NULL;
CREATE INDEX config_scrapers_created_at_idx ON config_scrapers (created_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX config_scrapers_agent_id_idx ON config_scrapers (agent_id) WHERE deleted_at IS NULL;

CREATE UNIQUE INDEX logging_backends_name_key ON logging_backends (namespace, name) WHERE deleted_at IS NULL;
CREATE INDEX logging_backends_created_at_idx ON logging_backends (created_at DESC) WHERE deleted_at IS NULL;

CREATE INDEX incident_rules_created_at_idx ON incident_rules (created_at DESC) WHERE deleted_at IS NULL;

-- health ---------------------------------------------------------------------------------------
-- one live check per canary, type and name (runner upserts:
--   ON CONFLICT (canary_id, type, name) WHERE deleted_at IS NULL)
CREATE UNIQUE INDEX checks_canary_type_name_key ON checks (canary_id, type, name) WHERE deleted_at IS NULL;
CREATE INDEX checks_agent_id_idx ON checks (agent_id) WHERE deleted_at IS NULL;
CREATE INDEX checks_status_idx ON checks (status) WHERE deleted_at IS NULL;
CREATE INDEX checks_next_runtime_idx ON checks (next_runtime) WHERE deleted_at IS NULL;
CREATE INDEX checks_labels_idx ON checks USING gin (labels jsonb_path_ops);
CREATE INDEX check_statuses_time_brin ON check_statuses USING brin (time);
CREATE INDEX check_statuses_1h_time_idx ON check_statuses_1h (time);
CREATE INDEX check_statuses_1d_time_idx ON check_statuses_1d (time);

-- topology -------------------------------------------------------------------------------------
CREATE INDEX components_topology_id_idx ON components (topology_id);
CREATE INDEX components_parent_id_idx ON components (parent_id);
CREATE INDEX components_agent_id_idx ON components (agent_id) WHERE deleted_at IS NULL;
CREATE INDEX components_name_idx ON components (name) WHERE deleted_at IS NULL;
CREATE INDEX components_type_idx ON components (type) WHERE deleted_at IS NULL;
CREATE INDEX components_external_id_idx ON components (external_id);
CREATE INDEX components_path_idx ON components (path text_pattern_ops);
CREATE INDEX components_labels_idx ON components USING gin (labels jsonb_path_ops);
CREATE INDEX components_created_at_idx ON components (created_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX check_component_relationships_check_id_idx ON check_component_relationships (check_id);
CREATE INDEX team_component_relationships_component_id_idx ON team_component_relationships (component_id);

-- catalog --------------------------------------------------------------------------------------
CREATE INDEX configs_scraper_id_idx ON configs (scraper_id);
CREATE INDEX configs_agent_id_idx ON configs (agent_id) WHERE deleted_at IS NULL;
CREATE INDEX configs_parent_id_idx ON configs (parent_id);
CREATE INDEX configs_type_idx ON configs (type, name) WHERE deleted_at IS NULL;
CREATE INDEX configs_class_type_idx ON configs (config_class, type) WHERE deleted_at IS NULL;
CREATE INDEX configs_name_idx ON configs (name);
CREATE INDEX configs_external_id_idx ON configs (external_id);
CREATE INDEX configs_status_idx ON configs (status) WHERE deleted_at IS NULL;
CREATE INDEX configs_health_idx ON configs (health) WHERE deleted_at IS NULL;
CREATE INDEX configs_labels_idx ON configs USING gin (labels jsonb_path_ops);
CREATE INDEX configs_tags_idx ON configs USING gin (tags jsonb_path_ops);
CREATE INDEX configs_created_at_idx ON configs (created_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX config_relationships_related_id_idx ON config_relationships (related_id);
CREATE INDEX config_component_relationships_config_id_idx ON config_component_relationships (config_id);
CREATE INDEX check_config_relationships_check_id_idx ON check_config_relationships (check_id);
CREATE INDEX config_changes_config_id_created_at_idx ON config_changes (config_id, created_at DESC);
CREATE INDEX config_changes_created_at_brin ON config_changes USING brin (created_at);
CREATE INDEX config_changes_change_type_idx ON config_changes (change_type);
CREATE INDEX config_changes_created_by_idx ON config_changes (created_by) WHERE created_by IS NOT NULL;
CREATE INDEX config_changes_1d_time_idx ON config_changes_1d (time);
CREATE INDEX config_analysis_config_id_idx ON config_analysis (config_id);
CREATE INDEX config_analysis_scraper_id_idx ON config_analysis (scraper_id);
CREATE INDEX config_analysis_first_observed_idx ON config_analysis (first_observed DESC);
CREATE INDEX config_analysis_analyzer_idx ON config_analysis (analyzer);
CREATE INDEX config_analysis_status_idx ON config_analysis (status, analysis_type, severity);

-- incidents ------------------------------------------------------------------------------------
-- The incident list filters by status (default open) and shows the newest first.
CREATE INDEX incidents_status_created_at_idx ON incidents (status, created_at DESC);
CREATE INDEX incidents_created_at_idx ON incidents (created_at DESC);
CREATE INDEX incidents_severity_idx ON incidents (severity);
CREATE INDEX incidents_type_idx ON incidents (type);
CREATE INDEX incidents_commander_id_idx ON incidents (commander_id);
CREATE INDEX incidents_created_by_idx ON incidents (created_by);
CREATE INDEX incidents_incident_rule_id_idx ON incidents (incident_rule_id) WHERE incident_rule_id IS NOT NULL;
CREATE INDEX hypotheses_incident_id_idx ON hypotheses (incident_id);
CREATE INDEX hypotheses_parent_id_idx ON hypotheses (parent_id);
CREATE INDEX comments_incident_id_idx ON comments (incident_id, created_at);
CREATE INDEX comments_hypothesis_id_idx ON comments (hypothesis_id);
CREATE INDEX comments_responder_id_idx ON comments (responder_id) WHERE responder_id IS NOT NULL;
CREATE INDEX responders_incident_id_idx ON responders (incident_id) WHERE deleted_at IS NULL;
CREATE INDEX responders_team_id_idx ON responders (team_id);
CREATE INDEX responders_person_id_idx ON responders (person_id);
CREATE INDEX evidences_hypothesis_id_idx ON evidences (hypothesis_id);
CREATE INDEX evidences_config_id_idx ON evidences (config_id) WHERE config_id IS NOT NULL;
CREATE INDEX evidences_component_id_idx ON evidences (component_id) WHERE component_id IS NOT NULL;
CREATE INDEX evidences_check_id_idx ON evidences (check_id) WHERE check_id IS NOT NULL;
CREATE INDEX evidences_config_analysis_id_idx ON evidences (config_analysis_id) WHERE config_analysis_id IS NOT NULL;
CREATE INDEX evidences_config_change_id_idx ON evidences (config_change_id) WHERE config_change_id IS NOT NULL;
CREATE INDEX evidences_responder_id_idx ON evidences (responder_id) WHERE responder_id IS NOT NULL;
CREATE INDEX incident_histories_incident_id_idx ON incident_histories (incident_id, created_at DESC);
CREATE INDEX incident_histories_responder_id_idx ON incident_histories (responder_id) WHERE responder_id IS NOT NULL;
CREATE INDEX incident_histories_evidence_id_idx ON incident_histories (evidence_id) WHERE evidence_id IS NOT NULL;
CREATE INDEX incident_histories_hypothesis_id_idx ON incident_histories (hypothesis_id) WHERE hypothesis_id IS NOT NULL;
CREATE INDEX incident_histories_comment_id_idx ON incident_histories (comment_id) WHERE comment_id IS NOT NULL;

-- playbooks ------------------------------------------------------------------------------------
CREATE UNIQUE INDEX playbooks_name_key ON playbooks (namespace, name) WHERE deleted_at IS NULL;
CREATE INDEX playbooks_created_at_idx ON playbooks (created_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX playbook_runs_playbook_id_idx ON playbook_runs (playbook_id, created_at DESC);
CREATE INDEX playbook_runs_created_at_idx ON playbook_runs (created_at DESC);
CREATE INDEX playbook_runs_start_time_idx ON playbook_runs (start_time DESC);
CREATE INDEX playbook_runs_config_id_idx ON playbook_runs (config_id, created_at DESC) WHERE config_id IS NOT NULL;
CREATE INDEX playbook_runs_component_id_idx ON playbook_runs (component_id, created_at DESC) WHERE component_id IS NOT NULL;
CREATE INDEX playbook_runs_check_id_idx ON playbook_runs (check_id, created_at DESC) WHERE check_id IS NOT NULL;
CREATE INDEX playbook_runs_agent_id_idx ON playbook_runs (agent_id);
-- work queue: claim due runs with FOR UPDATE SKIP LOCKED
CREATE INDEX playbook_runs_due_idx ON playbook_runs (scheduled_time)
  WHERE status IN ('pending', 'scheduled', 'sleeping', 'waiting');
CREATE INDEX playbook_run_actions_run_id_idx ON playbook_run_actions (playbook_run_id, scheduled_time);
CREATE INDEX playbook_run_actions_due_idx ON playbook_run_actions (scheduled_time)
  WHERE status IN ('pending', 'scheduled', 'sleeping', 'waiting');

-- notifications, jobs, events -------------------------------------------------------------------
CREATE INDEX notifications_created_at_idx ON notifications (created_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX notifications_person_id_idx ON notifications (person_id) WHERE person_id IS NOT NULL;
CREATE INDEX notifications_team_id_idx ON notifications (team_id) WHERE team_id IS NOT NULL;
CREATE INDEX notifications_events_idx ON notifications USING gin (events) WHERE deleted_at IS NULL;
CREATE INDEX notification_send_history_notification_id_idx
  ON notification_send_history (notification_id, created_at DESC);
CREATE INDEX notification_send_history_resource_idx
  ON notification_send_history (notification_id, resource_id, created_at DESC)
  WHERE resource_id IS NOT NULL;
CREATE INDEX notification_send_history_pending_idx
  ON notification_send_history (created_at) WHERE status = 'pending';

CREATE INDEX job_histories_resource_id_idx ON job_histories (resource_id, created_at DESC);
CREATE INDEX job_histories_resource_failed_idx ON job_histories (resource_id, created_at DESC)
  WHERE status = 'FAILED';
CREATE INDEX job_histories_created_at_idx ON job_histories (created_at DESC);
CREATE INDEX job_histories_name_idx ON job_histories (name);
CREATE INDEX job_histories_resource_type_idx ON job_histories (resource_type, created_at DESC);
CREATE INDEX job_histories_status_idx ON job_histories (status, created_at DESC);
CREATE INDEX job_histories_agent_id_idx ON job_histories (agent_id);

CREATE INDEX event_queue_name_idx ON event_queue (name, priority DESC, created_at);
CREATE INDEX event_queue_failed_idx ON event_queue (last_attempt) WHERE error IS NOT NULL;
