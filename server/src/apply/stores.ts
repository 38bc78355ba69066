import type pg from 'pg';
import type { ValidResource } from './validate.js';

/** Rows of the local instance (not of an agent). */
export const LOCAL_AGENT_ID = '00000000-0000-0000-0000-000000000000';

/** How a kind's resource is kept in its table: the columns a document fills, and how it is found. */
export interface KindStore {
  table: string;
  /** Column values from a valid document (besides name, namespace and source). */
  columns(resource: ValidResource, client: pg.PoolClient): Promise<Record<string, unknown>>;
  /** Teams have no namespace: one per name. */
  namespaced: boolean;
  /** Tables with an agent_id: the resource is the local one. */
  local: boolean;
  /** Whether the table keeps the spec in a `spec` column (then `pharos get` reads it back from there). */
  hasSpec: boolean;
  /** The spec a row describes, for rows not applied from a document (made in the web app). */
  specOf(row: StoredRow): Record<string, unknown>;
  /** Extra select-list items `specOf` reads, over the table aliased `t`. */
  extraSelect?: string;
}

/** A row of a kind's table, with the extra items its store selects. */
export type StoredRow = Record<string, unknown>;

type Columns = Record<string, unknown>;

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function labels(resource: ValidResource): Columns {
  const metadata = resource.document['metadata'] as Record<string, unknown>;
  const value = metadata['labels'];
  return { labels: typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {} };
}

const storedSpec = (row: StoredRow): Record<string, unknown> => (row['spec'] ?? {}) as Record<string, unknown>;

/** Keeps the entries whose value is set. */
function present(entries: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== null && value !== undefined));
}

const specWithLabels = (table: string, extra: (resource: ValidResource) => Columns = () => ({})): KindStore => ({
  table,
  namespaced: true,
  local: true,
  hasSpec: true,
  specOf: storedSpec,
  columns: async (resource) => ({ spec: resource.spec, ...labels(resource), ...extra(resource) }),
});

/** A Notification's recipient (`to`), resolved to the row's columns. */
async function recipients(resource: ValidResource, client: pg.PoolClient): Promise<Columns> {
  const spec = resource.spec;
  const to = (spec['to'] ?? {}) as Record<string, unknown>;
  const columns: Columns = {};
  const person = text(to['person']);
  if (person) {
    const { rows } = await client.query<{ id: string }>('select id from person_named($1) as n (id) where id is not null', [person]);
    if (!rows[0]) throw new ResourceProblem(resource, ['spec', 'to', 'person'], `no person has the id or verified email ${person}`);
    columns['person_id'] = rows[0].id;
  }
  const team = text(to['team']);
  if (team) {
    const { rows } = await client.query<{ id: string }>('select id from teams where (name = $1 or id::text = $1) and deleted_at is null', [team]);
    if (!rows[0]) throw new ResourceProblem(resource, ['spec', 'to', 'team'], `no team is named ${team}`);
    columns['team_id'] = rows[0].id;
  }
  const service = { connection: text(to['connection']), url: text(to['url']) ?? (text(to['email']) ? `mailto:${String(to['email'])}` : null) };
  if (service.connection || service.url) {
    columns['custom_services'] = [{ name: resource.name, ...(service.connection ? { connection: service.connection } : {}), ...(service.url ? { url: service.url } : {}), ...(to['properties'] ? { properties: to['properties'] } : {}) }];
  }
  return columns;
}

/** A document that is valid on its own but names something that does not exist. */
export class ResourceProblem extends Error {
  constructor(
    readonly resource: ValidResource,
    readonly path: (string | number)[],
    reason: string,
  ) {
    super(reason);
  }
}

export const KIND_STORES: Readonly<Record<string, KindStore>> = {
  Canary: specWithLabels('canaries', (r) => ({ icon: text(r.spec['icon']) })),
  Topology: specWithLabels('topologies', (r) => ({ icon: text(r.spec['icon']) })),
  ScrapeConfig: specWithLabels('config_scrapers'),
  LoggingBackend: specWithLabels('logging_backends'),
  Playbook: {
    table: 'playbooks',
    namespaced: true,
    local: false,
    hasSpec: true,
    specOf: storedSpec,
    columns: async ({ spec, name }) => ({
      spec,
      title: text(spec['title']) ?? name,
      icon: text(spec['icon']),
      description: text(spec['description']),
      category: text(spec['category']),
    }),
  },
  IncidentRule: { table: 'incident_rules', namespaced: true, local: false, hasSpec: true, specOf: storedSpec, columns: async ({ spec }) => ({ spec }) },
  Team: {
    table: 'teams',
    namespaced: false,
    local: false,
    hasSpec: true,
    specOf: storedSpec,
    columns: async ({ spec }) => ({ spec, icon: text(spec['icon']) ?? 'group' }),
  },
  Notification: {
    table: 'notifications',
    namespaced: true,
    local: false,
    hasSpec: false,
    extraSelect: '(select email from people where id = t.person_id) as person_email, (select name from teams where id = t.team_id) as team_name',
    specOf: (row) => {
      const service = (Array.isArray(row['custom_services']) ? row['custom_services'][0] : undefined) as Record<string, unknown> | undefined;
      const to = present({ person: row['person_email'] ?? row['person_id'], team: row['team_name'], connection: service?.['connection'], url: service?.['url'], properties: service?.['properties'] });
      return present({
        title: row['title'],
        events: row['events'],
        filter: row['filter'],
        template: row['template'],
        repeatInterval: row['repeat_interval'],
        groupByTopology: row['group_by_topology'] === true ? true : undefined,
        groupWindow: row['group_window'],
        properties: row['properties'],
        to,
      });
    },
    columns: async (resource, client) => {
      const { spec } = resource;
      return {
        title: text(spec['title']),
        events: spec['events'],
        filter: text(spec['filter']),
        template: text(spec['template']),
        repeat_interval: text(spec['repeat_interval']) ?? text(spec['repeatInterval']),
        group_by_topology: (spec['groupByTopology'] ?? spec['group_by_topology']) === true,
        group_window: text(spec['groupWindow']) ?? text(spec['group_window']),
        properties: spec['properties'] ?? null,
        person_id: spec['person_id'] ?? null,
        team_id: spec['team_id'] ?? null,
        custom_services: spec['custom_services'] ?? null,
        ...(await recipients(resource, client)),
      };
    },
  },
  Connection: {
    table: 'connections',
    namespaced: true,
    local: false,
    hasSpec: false,
    specOf: (row) =>
      present({
        type: row['type'],
        url: row['url'] === null ? undefined : { value: row['url'] },
        username: row['username'] === null ? undefined : { value: row['username'] },
        password: row['password'] === null ? undefined : { value: row['password'] },
        certificate: row['certificate'] === null ? undefined : { value: row['certificate'] },
        insecure_tls: row['insecure_tls'] === true ? true : undefined,
        properties: Object.keys((row['properties'] ?? {}) as object).length > 0 ? row['properties'] : undefined,
        allowedNamespaces: row['allowed_namespaces'] ?? undefined,
      }),
    columns: async ({ spec }) => ({
      type: spec['type'],
      url: text(spec['url']),
      username: text(spec['username']),
      password: text(spec['password']),
      certificate: text(spec['certificate']),
      insecure_tls: spec['insecure_tls'] === true,
      properties: spec['properties'] ?? {},
      allowed_namespaces: spec['allowed_namespaces'] ?? null,
    }),
  },
};
