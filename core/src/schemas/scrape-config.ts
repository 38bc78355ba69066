/**
 * Config scraper spec: one optional list per scraper kind (spec 3 section 3) with the fields each kind
 * requires (section 5), a `schedule` and a `retention` policy.
 */
import { SCRAPER_KINDS, type ScraperKind } from '../constants/settings/resources.js';
import { CONNECTION_REF, DURATION, LABELS, NAMED_VALUE, NON_EMPTY_STRING, SCHEDULE, SECRET_OR_VALUE } from './common.js';
import { JSON_SCHEMA_DRAFT, STRING_MAP, arrayOf, ref, type JsonSchema } from './json-schema.js';

const STRINGS = arrayOf({ type: 'string' });

/** Fields every scraper accepts: how items, ids, names and types are read from what was scraped. */
const BASE_FIELDS: Readonly<Record<string, JsonSchema>> = {
  id: { type: 'string', description: 'JSONPath (or literal) of the item id', examples: ['$.id'] },
  name: { type: 'string', description: 'JSONPath (or literal) of the item name' },
  type: { type: 'string', description: 'Config type, e.g. Kubernetes::Pod, or a JSONPath' },
  class: { type: 'string' },
  items: { type: 'string', description: 'JSONPath of the items inside one result' },
  format: { type: 'string', examples: ['json', 'yaml', 'xml', 'properties'] },
  icon: { type: 'string' },
  status: { type: 'string' },
  health: { type: 'string' },
  description: { type: 'string' },
  labels: LABELS,
  tags: { anyOf: [LABELS, arrayOf({ type: 'object', additionalProperties: true })], description: "A map of literals or JSONPaths, or config-db's list of {name, value | jsonpath | label}" },
  properties: arrayOf({ type: 'object', additionalProperties: true }),
  transform: { type: 'object', additionalProperties: true },
  timestampFormat: { type: 'string' },
  createFields: STRINGS,
  deleteFields: STRINGS,
  full: { type: 'boolean' },
};

function scraper(fields: Readonly<Record<string, JsonSchema>> = {}, required: readonly string[] = []): JsonSchema {
  const schema: JsonSchema = { type: 'object', properties: { ...BASE_FIELDS, ...fields }, additionalProperties: true };
  return required.length > 0 ? { ...schema, required } : schema;
}

const INCLUDE_EXCLUDE: Readonly<Record<string, JsonSchema>> = { include: STRINGS, exclude: STRINGS };

const SCRAPERS: Readonly<Record<ScraperKind, JsonSchema>> = {
  kubernetes: scraper(
    {
      clusterName: { type: 'string', minLength: 1 },
      namespace: { type: 'string' },
      kubeconfig: ref('secretOrValue'),
      selector: { type: 'string' },
      fieldSelector: { type: 'string' },
      since: { type: 'string' },
      maxInflight: { type: 'integer', minimum: 1 },
      useCache: { type: 'boolean' },
      allowIncomplete: { type: 'boolean' },
      exclusions: { type: 'object', additionalProperties: true },
      event: { type: 'object', additionalProperties: true },
      relationships: arrayOf({ type: 'object', additionalProperties: true }),
    },
    ['clusterName'],
  ),
  // Spec 3 section 5: the Azure form requires its connection.
  azure: scraper(
    {
      connection: CONNECTION_REF,
      subscriptionID: { type: 'string' },
      organisation: { type: 'string' },
      tenantID: { type: 'string' },
      clientID: ref('secretOrValue'),
      clientSecret: ref('secretOrValue'),
      endpoint: { type: 'string', examples: ['https://management.azure.com'] },
      authorityHost: { type: 'string', examples: ['https://login.microsoftonline.com'] },
      skipTLSVerify: { type: 'boolean' },
      ...INCLUDE_EXCLUDE,
    },
    ['connection'],
  ),
  kubernetesFile: scraper({
    selector: { type: 'object', properties: { kind: { type: 'string' }, namespace: { type: 'string' }, name: { type: 'string' }, labelSelector: { type: 'string' } }, additionalProperties: true },
    container: { type: 'string' },
    files: arrayOf({ type: 'object', properties: { path: STRINGS, format: { type: 'string' } }, additionalProperties: true }),
  }),
  sql: scraper(
    {
      connection: CONNECTION_REF,
      driver: { type: 'string', examples: ['postgres', 'mysql', 'sqlserver'] },
      query: { type: 'string', minLength: 1 },
      username: ref('secretOrValue'),
      password: ref('secretOrValue'),
    },
    ['query'],
  ),
  trivy: scraper({
    version: { type: 'string' },
    compliance: STRINGS,
    ignoredLicenses: STRINGS,
    scanners: STRINGS,
    severity: STRINGS,
    timeout: DURATION,
    kubernetes: { type: 'object', additionalProperties: true },
  }),
  aws: scraper({
    connection: CONNECTION_REF,
    region: STRINGS,
    accessKey: ref('secretOrValue'),
    secretKey: ref('secretOrValue'),
    sessionToken: ref('secretOrValue'),
    assumeRole: { type: 'string' },
    endpoint: { type: 'string', description: 'Sends every call here instead of the public AWS endpoints (LocalStack, MinIO)' },
    skipTLSVerify: { type: 'boolean' },
    compliance: { type: 'boolean' },
    cloudtrail: {
      type: 'object',
      properties: { exclude: { ...STRINGS, description: 'Event names (prefixes) not kept as changes' }, maxAge: { type: 'string', description: 'How far back events are read, e.g. 168h' } },
      additionalProperties: true,
    },
    exclusions: arrayOf({ type: 'object', properties: { type: { type: 'string' }, name: { type: 'string' }, tags: STRING_MAP }, additionalProperties: true }),
    ...INCLUDE_EXCLUDE,
  }),
  // Files in git leave format and icon out (config-db infers them); the scraper form of spec 3
  // section 5 asks for them as well, on top of this schema.
  file: scraper(
    {
      paths: STRINGS,
      url: { type: 'string' },
      connection: CONNECTION_REF,
    },
    ['type', 'id'],
  ),
  githubActions: scraper(
    {
      owner: NON_EMPTY_STRING,
      repository: NON_EMPTY_STRING,
      personalAccessToken: ref('secretOrValue'),
      connection: CONNECTION_REF,
      workflows: STRINGS,
    },
    ['owner', 'repository'],
  ),
  http: scraper(
    {
      url: { type: 'string', minLength: 1 },
      method: { type: 'string', enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], default: 'GET' },
      body: { type: 'string' },
      headers: { anyOf: [arrayOf(ref('namedValue')), STRING_MAP] },
      env: arrayOf(ref('namedValue')),
      connection: CONNECTION_REF,
    },
    ['url', 'type', 'id'],
  ),
  azureDevops: scraper({
    organization: { type: 'string' },
    personalAccessToken: ref('secretOrValue'),
    connection: CONNECTION_REF,
    projects: STRINGS,
    pipelines: STRINGS,
  }),
  custom: scraper(),
};

const CHANGE_RETENTION: JsonSchema = {
  type: 'object',
  required: ['name'],
  properties: { name: NON_EMPTY_STRING, age: DURATION, count: { type: 'integer', minimum: 0 } },
  additionalProperties: false,
};

const TYPE_RETENTION: JsonSchema = {
  type: 'object',
  required: ['name'],
  properties: { name: NON_EMPTY_STRING, createdAge: DURATION, updatedAge: DURATION, deletedAge: DURATION },
  additionalProperties: false,
};

export const SCRAPE_CONFIG_SCHEMA: JsonSchema = {
  $schema: JSON_SCHEMA_DRAFT,
  title: 'Config scraper spec',
  description: 'Where the catalog reads configuration items from, grouped by scraper kind',
  type: 'object',
  properties: {
    schedule: SCHEDULE,
    full: { type: 'boolean' },
    retention: {
      type: 'object',
      properties: {
        changes: arrayOf(CHANGE_RETENTION),
        type: arrayOf(TYPE_RETENTION),
        types: { ...arrayOf(TYPE_RETENTION), description: "config-db's name for type" },
        staleItemAge: { anyOf: [DURATION, { const: 'keep' }], description: "How long an unseen item stays before it is deleted, or 'keep'" },
        staleAnalysisAge: { anyOf: [DURATION, { const: 'keep' }], description: "How long an insight no scrape observes stays open before it is resolved (48h), or 'keep'" },
      },
      additionalProperties: false,
    },
    ...Object.fromEntries(SCRAPER_KINDS.map((kind) => [kind, arrayOf(ref(`${kind}Scraper`))] as const)),
  },
  additionalProperties: true,
  definitions: {
    secretOrValue: SECRET_OR_VALUE,
    namedValue: NAMED_VALUE,
    ...Object.fromEntries(SCRAPER_KINDS.map((kind) => [`${kind}Scraper`, SCRAPERS[kind]] as const)),
  },
};
