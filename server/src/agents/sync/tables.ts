/** What a pushed column holds: the JSON type it arrives as and the SQL type it is stored as. */
export type ColumnType = 'uuid' | 'text' | 'json' | 'object' | 'array' | 'bool' | 'int' | 'num' | 'time';

export interface Column {
  name: string;
  type: ColumnType;
  nullable?: boolean;
}

/** A column that refers to a row of another (or the same) table, which upstream must hold first. */
export interface ParentRef {
  column: string;
  table: SyncTableName;
  /**
   * Whether the parent may be one upstream holds itself and assigned to the agent (a pulled canary,
   * scraper or topology); otherwise it must be a row the agent pushed.
   */
  assignable: boolean;
}

export const SYNC_TABLE_NAMES = [
  'canaries',
  'config_scrapers',
  'topologies',
  'checks',
  'check_statuses',
  'configs',
  'config_changes',
  'config_analysis',
  'config_relationships',
  'components',
  'job_histories',
] as const;
export type SyncTableName = (typeof SYNC_TABLE_NAMES)[number];

export interface SyncTable {
  name: SyncTableName;
  columns: readonly Column[];
  /** The columns a row is found by (upsert conflict target). */
  key: readonly string[];
  /** The change-time column the agent's cursor follows. */
  changedAt: string;
  parents: readonly ParentRef[];
  /**
   * Who owns a row: its own agent_id column, or the agent_id of the parent named here (tables that
   * have no agent_id column belong to the agent of their check or config).
   */
  owner: { column: 'agent_id' } | { parent: string };
  /** Rows of the agent's own table that are not pushed (what it pulled from upstream), of the table as `t`. */
  skipWhere?: string;
}

const TIMES: readonly Column[] = [
  { name: 'created_at', type: 'time' },
  { name: 'updated_at', type: 'time' },
  { name: 'deleted_at', type: 'time', nullable: true },
];

const COSTS: readonly Column[] = [
  { name: 'cost_per_minute', type: 'num', nullable: true },
  { name: 'cost_total_1d', type: 'num', nullable: true },
  { name: 'cost_total_7d', type: 'num', nullable: true },
  { name: 'cost_total_30d', type: 'num', nullable: true },
];

const SPEC_RESOURCE: readonly Column[] = [
  { name: 'id', type: 'uuid' },
  { name: 'name', type: 'text' },
  { name: 'namespace', type: 'text' },
  { name: 'labels', type: 'object', nullable: true },
  { name: 'spec', type: 'object' },
  { name: 'source', type: 'text', nullable: true },
  ...TIMES,
];

const PULLED = "t.source IS DISTINCT FROM 'upstream'";

const TABLES: Record<SyncTableName, SyncTable> = {
  canaries: {
    name: 'canaries',
    columns: [...SPEC_RESOURCE, { name: 'icon', type: 'text', nullable: true }],
    key: ['id'],
    changedAt: 'updated_at',
    parents: [],
    owner: { column: 'agent_id' },
    skipWhere: PULLED,
  },
  config_scrapers: {
    name: 'config_scrapers',
    columns: [...SPEC_RESOURCE, { name: 'description', type: 'text', nullable: true }],
    key: ['id'],
    changedAt: 'updated_at',
    parents: [],
    owner: { column: 'agent_id' },
    skipWhere: PULLED,
  },
  topologies: {
    name: 'topologies',
    columns: [...SPEC_RESOURCE, { name: 'icon', type: 'text', nullable: true }],
    key: ['id'],
    changedAt: 'updated_at',
    parents: [],
    owner: { column: 'agent_id' },
    skipWhere: PULLED,
  },
  checks: {
    name: 'checks',
    columns: [
      { name: 'id', type: 'uuid' },
      { name: 'canary_id', type: 'uuid' },
      { name: 'type', type: 'text' },
      { name: 'name', type: 'text' },
      { name: 'namespace', type: 'text', nullable: true },
      { name: 'description', type: 'text', nullable: true },
      { name: 'icon', type: 'text', nullable: true },
      { name: 'owner', type: 'text', nullable: true },
      { name: 'endpoint', type: 'text', nullable: true },
      { name: 'labels', type: 'object' },
      { name: 'severity', type: 'text', nullable: true },
      { name: 'spec', type: 'object' },
      { name: 'status', type: 'text', nullable: true },
      { name: 'last_runtime', type: 'time', nullable: true },
      { name: 'next_runtime', type: 'time', nullable: true },
      { name: 'last_transition_time', type: 'time', nullable: true },
      { name: 'silenced_at', type: 'time', nullable: true },
      ...TIMES,
    ],
    key: ['id'],
    changedAt: 'updated_at',
    parents: [{ column: 'canary_id', table: 'canaries', assignable: true }],
    owner: { column: 'agent_id' },
  },
  check_statuses: {
    name: 'check_statuses',
    columns: [
      { name: 'check_id', type: 'uuid' },
      { name: 'time', type: 'time' },
      { name: 'status', type: 'bool' },
      { name: 'invalid', type: 'bool' },
      { name: 'duration', type: 'int', nullable: true },
      { name: 'message', type: 'text', nullable: true },
      { name: 'error', type: 'text', nullable: true },
      { name: 'detail', type: 'json', nullable: true },
      { name: 'created_at', type: 'time' },
    ],
    key: ['check_id', 'time'],
    changedAt: 'created_at',
    parents: [{ column: 'check_id', table: 'checks', assignable: false }],
    owner: { parent: 'check_id' },
  },
  configs: {
    name: 'configs',
    columns: [
      { name: 'id', type: 'uuid' },
      { name: 'scraper_id', type: 'uuid', nullable: true },
      { name: 'parent_id', type: 'uuid', nullable: true },
      { name: 'path', type: 'text', nullable: true },
      { name: 'external_id', type: 'text', nullable: true },
      { name: 'name', type: 'text', nullable: true },
      { name: 'type', type: 'text' },
      { name: 'config_class', type: 'text', nullable: true },
      // namespace is not pushed: upstream derives it from tags, as the agent did.
      { name: 'status', type: 'text', nullable: true },
      { name: 'ready', type: 'bool', nullable: true },
      { name: 'health', type: 'text', nullable: true },
      { name: 'description', type: 'text', nullable: true },
      { name: 'tags', type: 'object' },
      { name: 'labels', type: 'object' },
      { name: 'properties', type: 'array' },
      { name: 'config', type: 'json', nullable: true },
      { name: 'format', type: 'text' },
      { name: 'source', type: 'text', nullable: true },
      ...COSTS,
      { name: 'last_scraped_time', type: 'time', nullable: true },
      { name: 'delete_reason', type: 'text', nullable: true },
      ...TIMES,
    ],
    key: ['id'],
    changedAt: 'updated_at',
    parents: [
      { column: 'scraper_id', table: 'config_scrapers', assignable: true },
      { column: 'parent_id', table: 'configs', assignable: false },
    ],
    owner: { column: 'agent_id' },
  },
  config_changes: {
    name: 'config_changes',
    columns: [
      { name: 'id', type: 'uuid' },
      { name: 'config_id', type: 'uuid' },
      { name: 'external_change_id', type: 'text', nullable: true },
      { name: 'change_type', type: 'text' },
      { name: 'severity', type: 'text', nullable: true },
      { name: 'source', type: 'text', nullable: true },
      { name: 'summary', type: 'text', nullable: true },
      { name: 'details', type: 'json', nullable: true },
      { name: 'patches', type: 'json', nullable: true },
      { name: 'diff', type: 'text', nullable: true },
      { name: 'count', type: 'int' },
      { name: 'first_observed', type: 'time' },
      { name: 'external_created_by', type: 'text', nullable: true },
      { name: 'fingerprint', type: 'text', nullable: true },
      { name: 'created_at', type: 'time' },
    ],
    key: ['id'],
    changedAt: 'created_at',
    parents: [{ column: 'config_id', table: 'configs', assignable: false }],
    owner: { parent: 'config_id' },
  },
  config_analysis: {
    name: 'config_analysis',
    columns: [
      { name: 'id', type: 'uuid' },
      { name: 'config_id', type: 'uuid' },
      { name: 'scraper_id', type: 'uuid', nullable: true },
      { name: 'analyzer', type: 'text' },
      { name: 'analysis_type', type: 'text' },
      { name: 'severity', type: 'text', nullable: true },
      { name: 'message', type: 'text', nullable: true },
      { name: 'summary', type: 'text', nullable: true },
      { name: 'status', type: 'text' },
      { name: 'analysis', type: 'json', nullable: true },
      { name: 'source', type: 'text', nullable: true },
      { name: 'first_observed', type: 'time' },
      { name: 'last_observed', type: 'time', nullable: true },
      { name: 'created_at', type: 'time' },
      { name: 'updated_at', type: 'time' },
    ],
    key: ['id'],
    changedAt: 'updated_at',
    parents: [
      { column: 'config_id', table: 'configs', assignable: false },
      { column: 'scraper_id', table: 'config_scrapers', assignable: true },
    ],
    owner: { parent: 'config_id' },
  },
  config_relationships: {
    name: 'config_relationships',
    columns: [
      { name: 'config_id', type: 'uuid' },
      { name: 'related_id', type: 'uuid' },
      { name: 'relation', type: 'text' },
      { name: 'selector_id', type: 'text', nullable: true },
      ...TIMES,
    ],
    key: ['config_id', 'related_id', 'relation'],
    changedAt: 'updated_at',
    parents: [
      { column: 'config_id', table: 'configs', assignable: false },
      { column: 'related_id', table: 'configs', assignable: false },
    ],
    owner: { parent: 'config_id' },
  },
  components: {
    name: 'components',
    columns: [
      { name: 'id', type: 'uuid' },
      { name: 'topology_id', type: 'uuid', nullable: true },
      { name: 'parent_id', type: 'uuid', nullable: true },
      { name: 'path', type: 'text', nullable: true },
      { name: 'external_id', type: 'text', nullable: true },
      { name: 'name', type: 'text' },
      { name: 'title', type: 'text', nullable: true },
      { name: 'text', type: 'text', nullable: true },
      { name: 'icon', type: 'text', nullable: true },
      { name: 'type', type: 'text', nullable: true },
      { name: 'tooltip', type: 'text', nullable: true },
      { name: 'owner', type: 'text', nullable: true },
      { name: 'lifecycle', type: 'text', nullable: true },
      { name: 'description', type: 'text', nullable: true },
      { name: 'labels', type: 'object' },
      { name: 'properties', type: 'array' },
      { name: 'summary', type: 'object' },
      { name: 'status', type: 'text', nullable: true },
      { name: 'status_reason', type: 'text', nullable: true },
      { name: 'health', type: 'text', nullable: true },
      { name: 'hidden', type: 'bool' },
      { name: 'is_leaf', type: 'bool' },
      { name: 'selectors', type: 'json', nullable: true },
      { name: 'check_selectors', type: 'json', nullable: true },
      { name: 'config_selectors', type: 'json', nullable: true },
      { name: 'logs', type: 'array' },
      ...COSTS,
      { name: 'status_expr', type: 'text', nullable: true },
      { name: 'health_expr', type: 'text', nullable: true },
      ...TIMES,
    ],
    key: ['id'],
    changedAt: 'updated_at',
    parents: [
      { column: 'topology_id', table: 'topologies', assignable: true },
      { column: 'parent_id', table: 'components', assignable: false },
    ],
    owner: { column: 'agent_id' },
  },
  job_histories: {
    name: 'job_histories',
    columns: [
      { name: 'id', type: 'uuid' },
      { name: 'name', type: 'text' },
      { name: 'resource_id', type: 'text', nullable: true },
      { name: 'resource_type', type: 'text', nullable: true },
      { name: 'resource_name', type: 'text', nullable: true },
      { name: 'status', type: 'text' },
      { name: 'hostname', type: 'text', nullable: true },
      { name: 'time_start', type: 'time' },
      { name: 'time_end', type: 'time', nullable: true },
      { name: 'duration_millis', type: 'int', nullable: true },
      { name: 'success_count', type: 'int' },
      { name: 'error_count', type: 'int' },
      { name: 'details', type: 'object' },
      { name: 'created_at', type: 'time' },
      { name: 'updated_at', type: 'time' },
    ],
    key: ['id'],
    changedAt: 'updated_at',
    parents: [],
    owner: { column: 'agent_id' },
  },
};

export function syncTable(name: SyncTableName): SyncTable {
  return TABLES[name];
}

export function isSyncTableName(name: string): name is SyncTableName {
  return (SYNC_TABLE_NAMES as readonly string[]).includes(name);
}

/** The SQL type a column is cast to when read from the pushed JSON. */
export function sqlType(type: ColumnType): string {
  switch (type) {
    case 'uuid':
      return 'uuid';
    case 'text':
      return 'text';
    case 'json':
    case 'object':
    case 'array':
      return 'jsonb';
    case 'bool':
      return 'boolean';
    case 'int':
      return 'integer';
    case 'num':
      return 'numeric';
    case 'time':
      return 'timestamptz';
  }
}

/** Rows per table in one push: more is refused with 413. */
export const PUSH_PAGE_SIZE = 500;
