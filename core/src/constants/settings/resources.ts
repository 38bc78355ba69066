/** Settings tables, integrations, kinds and resource defaults (spec 3 §2, §3, §9). */

export const SETTINGS_TABLES = [
  'topologies',
  'connections',
  'logging_backends',
  'notifications',
  'properties',
  'canaries',
  'config_scrapers',
  'incident_rules',
  'teams',
] as const;
export type SettingsTable = (typeof SETTINGS_TABLES)[number];

/** Tables listed from themselves rather than from their `_with_status` view. */
export const TABLES_WITHOUT_STATUS_VIEW: readonly SettingsTable[] = ['incident_rules', 'connections'];

/** The relation the generic settings list reads for a table. */
export function settingsListRelation(table: SettingsTable): string {
  return TABLES_WITHOUT_STATUS_VIEW.includes(table) ? table : `${table}_with_status`;
}

export const RESOURCE_DEFAULTS = {
  namespace: 'default',
  teamIcon: 'group',
  topologySource: 'UI',
} as const;

export const INTEGRATION_TYPES = ['scrapers', 'topologies', 'logging_backends'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

export const INTEGRATION_DEFAULTS = { namespace: 'mission-control', interval: '30m' } as const;
export const GITOPS_INTEGRATIONS = ['AWS', 'Azure', 'Prometheus', 'Flux', 'Kubernetes', 'Mission Control'] as const;
export const DIRECT_INTEGRATIONS = ['Custom Topology', 'Catalog Scraper', 'Log Backends'] as const;

export const SCRAPER_KINDS = [
  'kubernetes',
  'azure',
  'kubernetesFile',
  'sql',
  'trivy',
  'aws',
  'file',
  'githubActions',
  'http',
  'azureDevops',
  'custom',
] as const;
export type ScraperKind = (typeof SCRAPER_KINDS)[number];

/** Spec keys of a canary that name its check type. */
export const HEALTH_CHECK_TYPES = [
  'http',
  'awsConfigRule',
  'awsConfig',
  'github',
  'ec2',
  'ldap',
  'pod',
  'exec',
  'alertManager',
  'cloudwatch',
  'elasticsearch',
  'redis',
  'mongo',
  'dns',
  'icmp',
  'gcs',
  's3',
  'smb',
  'sftp',
  'folder',
  'prometheus',
  'kubernetes',
  'sql',
  'configDB',
  'azureDevops',
  'jmeter',
  'junit',
  'dynatrace',
  'namespace',
  'tcp',
  'custom',
] as const;
export type HealthCheckType = (typeof HEALTH_CHECK_TYPES)[number];

/**
 * Further spec keys of check lists that canary-checker's own specs use: other spellings of the types
 * above (`alertmanager`, `mongodb`, the SQL drivers) and types the form does not offer. `webhook` is
 * one check, not a list.
 */
export const CANARY_SPEC_CHECK_KEYS = [
  'alertmanager',
  'mongodb',
  'postgres',
  'mysql',
  'mssql',
  'opensearch',
  'catalog',
  'webhook',
  'databaseBackup',
  'docker',
  'dockerPush',
  'containerd',
  'containerdPush',
  'helm',
  'kubernetesResource',
  'pubsub',
  'gitProtocol',
  'restic',
] as const;

export const HEALTH_CHECK_AUTH_TYPES = ['basic', 'ntlm', 'ntlmv2'] as const;
export const REDIS_DEFAULT_DB = 0;

export const DYNAMIC_FORM_FIELD_TYPES = [
  'input',
  'numberInput',
  'checkbox',
  'EnvVarSource',
  'ConnectionSwitch',
  'SwitchField',
  'authentication',
  'GroupField',
] as const;

/** Modes of a secret-or-value field. */
export const SECRET_VALUE_MODES = ['Static', 'Secret', 'ConfigMap'] as const;

/** Feature flags from this source cannot be edited. */
export const LOCAL_FLAG_SOURCE = 'local';
