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
  /** Service URLs, sealed whole when they carry a user, a password or a known token parameter. */
  urls: readonly SpecPath[];
}

/** password, token, bearer, secret and the keys of cloud and OAuth credentials. */
const CREDENTIAL_FIELDS = ['password', 'token', 'bearer', 'secret', 'secretKey', 'sessionToken', 'clientSecret', 'privateKey', 'apiKey'] as const;

const INLINE: SpecSecretRules = {
  fields: CREDENTIAL_FIELDS,
  within: { tlsConfig: ['key'] },
  namedValues: ['headers', 'env'],
  urls: [],
};

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
};

/** The kinds whose specs keep credentials of their own (Connection seals its own columns), each with its rules. */
export const SPEC_SECRET_RULES = {
  Canary: INLINE,
  Topology: INLINE,
  ScrapeConfig: INLINE,
  LoggingBackend: INLINE,
  IncidentRule: INLINE,
  Playbook: { ...INLINE, urls: [['actions', '*', 'notification', 'url']] },
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
  teams: { spec: SPEC_SECRET_RULES.Team },
  notifications: { custom_services: { ...INLINE, urls: [['*', 'url']] } },
};
