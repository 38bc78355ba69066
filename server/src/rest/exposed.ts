import type { Resource } from '@pharos/core';

/**
 * The relations the data service exposes, each with the permission resource that guards it
 * (spec 1, section 6). Anything not listed here answers 404, system catalogs included.
 */
export const EXPOSED_RELATIONS: Readonly<Record<string, Resource>> = {
  // people, teams and access
  people: 'database',
  teams: 'database',
  teams_with_status: 'database',
  team_members: 'database',
  team_components: 'topologies',
  identities: 'identities',
  people_roles: 'rbac',
  person_roles: 'rbac',
  properties: 'properties',
  properties_with_status: 'properties',
  // agents
  agents: 'agents',
  agents_summary: 'agents',
  // health
  canaries: 'canaries',
  canaries_with_status: 'canaries',
  checks: 'canaries',
  check_statuses: 'canaries',
  checks_by_component: 'canaries',
  check_summary_for_config: 'canaries',
  // topology
  topologies: 'topologies',
  topologies_with_status: 'topologies',
  components: 'topologies',
  component_names: 'topologies',
  component_labels: 'topologies',
  components_with_logs: 'topologies',
  // incidents
  incidents: 'incident',
  incident_summary: 'incident',
  incidents_by_component: 'incident',
  incidents_by_config: 'incident',
  incident_histories: 'incident',
  incident_rules: 'incident',
  hypotheses: 'incident',
  comments: 'comments',
  comment_edits: 'comments',
  evidences: 'evidences',
  responders: 'responder',
  // playbooks
  playbooks: 'playbooks',
  playbook_names: 'playbooks',
  playbook_runs: 'playbook_runs',
  playbook_run_actions: 'playbook_runs',
  // catalog
  configs: 'database',
  config_detail: 'database',
  config_names: 'database',
  // when a scrape last saw each item (unchanged items are not rewritten, so configs.last_scraped_time lags)
  config_items_last_scraped_time: 'database',
  config_types: 'database',
  config_tags: 'database',
  config_labels: 'database',
  config_statuses: 'database',
  config_changes: 'database',
  change_types: 'database',
  config_analysis: 'database',
  config_analysis_analyzers: 'database',
  config_analysis_items: 'database',
  analysis_by_component: 'database',
  changes_by_component: 'database',
  config_relationships: 'database',
  config_component_relationships: 'database',
  config_scrapers: 'config_scrapers',
  config_scrapers_with_status: 'config_scrapers',
  // settings
  connections: 'connections',
  logging_backends: 'logging_backends',
  logging_backends_with_status: 'logging_backends',
  notifications: 'notifications',
  notifications_summary: 'notifications',
  notifications_with_status: 'notifications',
  notification_send_history: 'notifications',
  notification_silences: 'notifications',
  job_histories: 'database',
  job_history_names: 'database',
  event_queue_summary: 'database',
  integrations_with_status: 'integrations',
};

export type WriteMethod = 'POST' | 'PATCH' | 'DELETE';

/** A relation whose rows another part of the server writes, so that it can keep them whole. */
export interface OwnedRelation {
  /** The writes the data service still allows, for every role. */
  writes: readonly WriteMethod[];
  owner: string;
  hint: string;
}

/**
 * The rows that make up an identity (the person, their email and name, their roles, the identity
 * itself) are written by the identity service, which checks who may do what and keeps them in step.
 * Connections are written through /api/connections, which seals their credentials with the
 * server's key before they reach the database.
 */
const IDENTITY: Omit<OwnedRelation, 'writes'> = {
  owner: 'the identity service',
  hint: 'Invite or delete users on the users page, change roles there too, and change your own name or email in your account settings.',
};
export const OWNED_RELATIONS: Readonly<Record<string, OwnedRelation>> = {
  people: { ...IDENTITY, writes: [] },
  person_roles: { ...IDENTITY, writes: [] },
  people_roles: { ...IDENTITY, writes: [] },
  identities: { ...IDENTITY, writes: ['DELETE'] },
  connections: { owner: '/api/connections', writes: [], hint: 'Create, change and delete connections on /settings/connections or with POST, PATCH and DELETE /api/connections.' },
  // An agent is created with its person and access token together; the data service edits and soft-deletes it.
  agents: {
    owner: 'POST /api/agent/generate',
    writes: ['PATCH'],
    hint: "Create agents on /settings/agents or with POST /api/agent/generate; delete one by setting deleted_at (and cleanup) with PATCH.",
  },
  // Sends are recorded by notification delivery as it sends; a written row would be a forged send.
  notification_send_history: {
    owner: 'notification delivery',
    writes: [],
    hint: 'Sends are recorded as notifications are delivered; silence a send on /settings/notifications instead of changing it.',
  },
  // Runs are recorded by the jobs themselves; a written row would be a forged run in Job History and an integration's Job Status.
  job_histories: {
    owner: 'the jobs that run',
    writes: [],
    hint: 'Job history records the runs of scrapers, checks, topologies and other jobs; run the job instead of writing its history.',
  },
  // The changelog is written by triggers in the transaction of each change; a written entry would be a forged one.
  incident_histories: { owner: 'the database, as incidents change', writes: [], hint: 'Change the incident, its hypotheses, comments, evidence or responders; the changelog records it.' },
  // A comment's earlier texts are kept by the database as its author edits it.
  comment_edits: { owner: 'the database, as comments are edited', writes: [], hint: 'Edit your own comment (PATCH /comments); its earlier text is kept here.' },
};

/**
 * Relations whose rows a DELETE only marks deleted (the column it sets), so that they can be
 * restored; the database does the same for any other path.
 */
export const SOFT_DELETED_RELATIONS: Readonly<Record<string, string>> = {
  incidents: 'deleted_at',
};

/** Columns the data service neither returns nor filters on: credentials, sealed and read only by the server. */
export const HIDDEN_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  connections: ['password', 'certificate'],
};

/** Functions callable through /rpc/{name}. */
export const EXPOSED_FUNCTIONS: Readonly<Record<string, Resource>> = {
  related_configs_recursive: 'database',
  related_changes_recursive: 'database',
  lookup_analysis_by_component: 'database',
};

/** Columns the server fills from the caller; a client's value is never used. */
export const CALLER_COLUMN = 'created_by';
