/** A path into a spec; `*` stands for any key or list item. */
export type SpecPath = readonly string[];

/**
 * Where a kind's spec keeps credentials, by the field names of the upstream Flanksource resources.
 * A credential is text, or the `value` of a `{value}` object without `valueFrom`.
 */
export interface SpecSecretRules {
  /** Fields that hold a credential wherever they appear. */
  fields: readonly string[];
  /** Fields that hold a credential directly under an object of the given field (`tlsConfig.key`). */
  within: Readonly<Record<string, readonly string[]>>;
  /** `{name, value}` lists and `name: value` maps (headers, env) whose entries named like a credential hold one. */
  namedValues: readonly string[];
  /** Service URLs at these paths, sealed whole when they carry a credential (see `carriesCredentials`). */
  urls: readonly SpecPath[];
  /**
   * Fields that hold a service URL or a connection string wherever they appear (a check's `url`, a
   * SQL scraper's `connection`), sealed whole, as text or the `value` of `{value}`, when they carry a credential.
   */
  urlFields: readonly string[];
  /** Where `urlFields` apply: under these paths only (a playbook's actions), or anywhere when absent. */
  urlFieldsWithin?: readonly SpecPath[];
}

/** password, token, bearer, secret and the keys of cloud and OAuth credentials. */
const CREDENTIAL_FIELDS = ['password', 'token', 'bearer', 'secret', 'secretKey', 'sessionToken', 'clientSecret', 'privateKey', 'apiKey'] as const;

const INLINE: SpecSecretRules = {
  fields: CREDENTIAL_FIELDS,
  within: { tlsConfig: ['key'] },
  namedValues: ['headers', 'env'],
  urls: [],
  urlFields: [],
};

/**
 * The fields of canary-checker's checks and lookups, config-db's scrapers and log backends that hold
 * where a service is: duty's `url` and `connection` (a URL, a connection string or a reference to a
 * saved connection), the `endpoint` of search engines and object stores, `host` and `addr` (written
 * as URLs by some), a folder check's `path` (`sftp://user:password@host/dir`) and config-db's `clickhouseURL`.
 */
export const SERVICE_URL_FIELDS: readonly string[] = ['url', 'endpoint', 'connection', 'connectionString', 'clickhouseURL', 'host', 'addr', 'path'];

/** The inline credentials of specs that reach services, and the credentials written in their service URLs. */
const SERVICE: SpecSecretRules = { ...INLINE, urlFields: SERVICE_URL_FIELDS };

/**
 * Where a Connection as written keeps credentials: the flat password and certificate, the secret
 * fields of its typed blocks (`smtp.password`, `slack.token`, `http.oauth.clientSecret`,
 * `http.tls.key`, `openai.apiKey` …) and the secret keys of its properties.
 */
export const CONNECTION_SECRET_RULES: SpecSecretRules = {
  fields: [...CREDENTIAL_FIELDS, 'certificate', 'personalAccessToken'],
  within: { tls: ['key'], properties: ['accessKey'] },
  namedValues: ['headers'],
  urls: [],
  urlFields: [],
};

/**
 * The fields of one playbook action (its kind's object, `http: {url}`): the service URLs of
 * mission-control's actions (`http.url`, `sql.url` and `sql.connection`, `gitops.repo.url`, a
 * notification's `url`, a logs action's backend `url` or `endpoint`, an exec's `checkout.url` and
 * connections' `endpoint`). Not `path`: in an action it is a file or an artifact, never a service.
 */
export const PLAYBOOK_ACTION_SECRET_RULES: SpecSecretRules = { ...INLINE, urlFields: SERVICE_URL_FIELDS.filter((field) => field !== 'path') };

/** The kinds whose specs keep credentials of their own (Connection seals its own columns), each with its rules. */
export const SPEC_SECRET_RULES = {
  Canary: SERVICE,
  Topology: SERVICE,
  ScrapeConfig: SERVICE,
  LoggingBackend: SERVICE,
  IncidentRule: INLINE,
  // Only under its actions: a webhook trigger's `on.webhook.path` or a selector is no service URL.
  Playbook: { ...PLAYBOOK_ACTION_SECRET_RULES, urlFieldsWithin: [['actions', '*']] },
  Notification: { ...INLINE, urls: [['to', 'url']] },
  Team: { ...INLINE, urls: [['notifications', '*', 'url']] },
} as const satisfies Readonly<Record<string, SpecSecretRules>>;

export type SpecSecretKind = keyof typeof SPEC_SECRET_RULES;

/** The rules of a kind, or none for a kind without inline credentials. */
export function specSecretRules(kind: string): SpecSecretRules | undefined {
  return (SPEC_SECRET_RULES as Readonly<Record<string, SpecSecretRules>>)[kind];
}

/**
 * The table columns of the data service that hold specs, with the rules of what they hold
 * (a notification's channels are its `custom_services` list, each with a `url`).
 */
export const SEALED_COLUMNS: Readonly<Record<string, Readonly<Record<string, SpecSecretRules>>>> = {
  canaries: { spec: SPEC_SECRET_RULES.Canary },
  checks: { spec: SPEC_SECRET_RULES.Canary },
  topologies: { spec: SPEC_SECRET_RULES.Topology },
  config_scrapers: { spec: SPEC_SECRET_RULES.ScrapeConfig },
  logging_backends: { spec: SPEC_SECRET_RULES.LoggingBackend },
  incident_rules: { spec: SPEC_SECRET_RULES.IncidentRule },
  playbooks: { spec: SPEC_SECRET_RULES.Playbook },
  // A run keeps a copy of its playbook's spec: one copied before its credentials were sealed is sealed at start.
  playbook_runs: { spec: SPEC_SECRET_RULES.Playbook },
  teams: { spec: SPEC_SECRET_RULES.Team },
  notifications: { custom_services: { ...INLINE, urls: [['*', 'url']] } },
};
