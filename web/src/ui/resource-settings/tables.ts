import {
  RESOURCE_DEFAULTS,
  TABLE_RESOURCE_TYPES,
  SETTINGS_TABLE_SPEC_SCHEMAS,
  SETTINGS_TABLES,
  settingsListRelation,
  type Resource,
  type SettingsTable,
  type SpecSchemaName,
} from '@pharos/core';

/**
 * What the generic settings screens (spec 3 section 2.1) need to know of each table: its name on
 * screen, the permission resource the server guards it with, which columns and form fields it has,
 * and how its spec is edited.
 */
export interface SettingsTableConfig {
  table: SettingsTable;
  /** The resource name, as in 'Add {name}' and 'Delete {name}'. */
  name: string;
  /** The name of the list: its heading and breadcrumb (the sidebar's name of the screen). */
  title: string;
  /** Permission resource of the table (as the data service checks it). */
  resource: Resource;
  /** The relation the list reads (the `_with_status` view except incident_rules and connections). */
  listRelation: string;
  /** List columns that only some tables have. */
  columns: { namespace: boolean; schedule: boolean; jobStatus: boolean };
  /** Form fields besides name and the spec editor. */
  form: { namespace: boolean; labels: boolean; icon: boolean; source: boolean };
  /** Values a new resource starts with. */
  defaults: { namespace?: string; icon?: string; source?: string };
  /**
   * How the spec editor maps onto the row: the `spec` column, or (for tables without one) the
   * listed columns, edited together as one document.
   */
  spec: { column: 'spec' } | { fields: readonly string[] };
  /** JSON Schema the spec is validated against. */
  schema?: SpecSchemaName;
  /** The table has agent_id (a resource pushed by an agent is linked, not edited here). */
  hasAgent: boolean;
  /** Help link of the Add dialog. */
  helpLink?: string;
  /**
   * The resource type its jobs record in job history, for the tables whose resources run jobs
   * (they get the Job History tab); undefined for the others.
   */
  jobResourceType?: string;
  /** The Members tab (teams). */
  members: boolean;
}

const NONE = { namespace: false, labels: false, icon: false, source: false } as const;

const CONFIGS: Readonly<Record<SettingsTable, Omit<SettingsTableConfig, 'table' | 'listRelation' | 'schema'>>> = {
  topologies: {
    name: 'Topology',
    title: 'Topologies',
    resource: 'topologies',
    columns: { namespace: true, schedule: true, jobStatus: true },
    form: { namespace: true, labels: true, icon: false, source: true },
    defaults: { namespace: RESOURCE_DEFAULTS.namespace, source: RESOURCE_DEFAULTS.topologySource },
    spec: { column: 'spec' },
    hasAgent: true,
    members: false,
  },
  connections: {
    name: 'Connection',
    title: 'Connections',
    resource: 'connections',
    columns: { namespace: true, schedule: false, jobStatus: false },
    form: { ...NONE, namespace: true },
    defaults: { namespace: RESOURCE_DEFAULTS.namespace },
    spec: { fields: ['type', 'url', 'username', 'password', 'certificate', 'insecure_tls', 'properties'] },
    hasAgent: false,
    members: false,
  },
  logging_backends: {
    name: 'Log Backend',
    title: 'Log Backends',
    resource: 'logging_backends',
    columns: { namespace: true, schedule: false, jobStatus: true },
    form: { ...NONE, labels: true, source: true },
    defaults: {},
    spec: { column: 'spec' },
    hasAgent: true,
    members: false,
  },
  notifications: {
    name: 'Notification',
    title: 'Notifications',
    resource: 'notifications',
    columns: { namespace: true, schedule: false, jobStatus: true },
    form: { ...NONE, namespace: true },
    defaults: { namespace: RESOURCE_DEFAULTS.namespace },
    spec: {
      fields: ['title', 'events', 'filter', 'person_id', 'team_id', 'custom_services', 'repeat_interval', 'template', 'properties'],
    },
    hasAgent: false,
    members: false,
  },
  properties: {
    name: 'Feature Flag',
    title: 'Feature Flags',
    resource: 'properties',
    columns: { namespace: false, schedule: false, jobStatus: true },
    form: NONE,
    defaults: {},
    spec: { fields: ['value', 'description'] },
    hasAgent: false,
    members: false,
  },
  canaries: {
    name: 'Health Check',
    title: 'Health Checks',
    resource: 'canaries',
    columns: { namespace: true, schedule: true, jobStatus: true },
    form: { ...NONE, namespace: true, labels: true },
    defaults: { namespace: RESOURCE_DEFAULTS.namespace },
    spec: { column: 'spec' },
    hasAgent: true,
    helpLink: '/canary-checker',
    members: false,
  },
  config_scrapers: {
    name: 'Catalog Scraper',
    title: 'Catalog Scrapers',
    resource: 'config_scrapers',
    columns: { namespace: true, schedule: true, jobStatus: true },
    form: { ...NONE, source: true },
    defaults: {},
    spec: { column: 'spec' },
    hasAgent: true,
    members: false,
  },
  incident_rules: {
    name: 'Rule',
    title: 'Rules',
    resource: 'incident',
    columns: { namespace: true, schedule: false, jobStatus: false },
    form: NONE,
    defaults: {},
    spec: { column: 'spec' },
    hasAgent: false,
    members: false,
  },
  teams: {
    name: 'Team',
    title: 'Teams',
    // teams and team_members are guarded as `database` by the data service
    resource: 'database',
    columns: { namespace: false, schedule: false, jobStatus: true },
    form: { ...NONE, icon: true },
    defaults: { icon: RESOURCE_DEFAULTS.teamIcon },
    spec: { column: 'spec' },
    hasAgent: false,
    members: true,
  },
};

export function isSettingsTable(value: string | undefined): value is SettingsTable {
  return value !== undefined && (SETTINGS_TABLES as readonly string[]).includes(value);
}

/** Teams, Rules, Catalog Scraper, Topology and Health Check run jobs (spec 3 sections 2.1 and 9). */
function jobResourceTypeOf(table: SettingsTable): string | undefined {
  return Object.hasOwn(TABLE_RESOURCE_TYPES, table) ? TABLE_RESOURCE_TYPES[table as keyof typeof TABLE_RESOURCE_TYPES] : undefined;
}

const RESOLVED = new Map<SettingsTable, SettingsTableConfig>(
  SETTINGS_TABLES.map((table) => {
    const schema = SETTINGS_TABLE_SPEC_SCHEMAS[table];
    const jobResourceType = jobResourceTypeOf(table);
    return [
      table,
      {
        table,
        listRelation: settingsListRelation(table),
        ...CONFIGS[table],
        ...(schema ? { schema } : {}),
        ...(jobResourceType ? { jobResourceType } : {}),
      },
    ];
  }),
);

/** The configuration of a table (one object per table, so it can be a dependency). */
export function settingsTableConfig(table: SettingsTable): SettingsTableConfig {
  const config = RESOLVED.get(table);
  if (!config) throw new Error(`Unknown settings table ${table}`);
  return config;
}

/** `/settings/{table}` and `/settings/{table}/{id}`. */
export function settingsListPath(table: SettingsTable): string {
  return `/settings/${table}`;
}

export function settingsDetailPath(table: SettingsTable, id: string): string {
  return `/settings/${table}/${encodeURIComponent(id)}`;
}
