/**
 * Health-check (canary) spec: `schedule` or `interval`, then one optional list per check type
 * (spec 3 section 3), each check needing a `name` plus the fields its type requires (section 5).
 */
import { CANARY_SPEC_CHECK_KEYS, HEALTH_CHECK_AUTH_TYPES, HEALTH_CHECK_TYPES, REDIS_DEFAULT_DB } from '../constants/settings/resources.js';
import { HTTP_RESPONSE_CODES } from '../constants/settings/http.js';
import {
  CONNECTION_REF,
  DURATION,
  HEALTH_CHECK_SCHEDULE,
  LABELS,
  NAMED_VALUE,
  NON_EMPTY_STRING,
  SCRIPT,
  SECRET_OR_VALUE,
  SIZE,
} from './common.js';
import { JSON_SCHEMA_DRAFT, STRING_MAP, arrayOf, ref, requires, type JsonSchema } from './json-schema.js';

const NON_NEGATIVE_INTEGER: JsonSchema = { type: 'integer', minimum: 0 };
const THRESHOLD_MILLIS: JsonSchema = { ...NON_NEGATIVE_INTEGER, description: 'Slower responses fail the check' };

/** Fields every check accepts. */
const BASE_FIELDS: Readonly<Record<string, JsonSchema>> = {
  name: { ...NON_EMPTY_STRING, description: 'Name of the check, unique within the canary and type' },
  description: { type: 'string' },
  icon: { type: 'string' },
  namespace: { type: 'string' },
  labels: LABELS,
  test: ref('script'),
  display: ref('script'),
  transform: ref('script'),
  metrics: arrayOf({ type: 'object', additionalProperties: true }),
  markFailOnEmpty: { type: 'boolean' },
};

/** Basic credentials of a check. */
const CREDENTIAL_FIELDS: Readonly<Record<string, JsonSchema>> = {
  username: ref('secretOrValue'),
  password: ref('secretOrValue'),
};

function check(fields: Readonly<Record<string, JsonSchema>> = {}, required: readonly string[] = [], extra: JsonSchema = {}): JsonSchema {
  return {
    type: 'object',
    required: ['name', ...required],
    properties: { ...BASE_FIELDS, ...fields },
    additionalProperties: true,
    ...extra,
  };
}

const HTTP_CHECK = check(
  {
    url: { type: 'string', minLength: 1, examples: ['https://example.com/health'] },
    endpoint: { type: 'string', minLength: 1, description: 'Former name of url' },
    connection: CONNECTION_REF,
    method: { type: 'string', enum: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'], default: 'GET' },
    body: { type: 'string' },
    templateBody: { type: 'boolean' },
    headers: { anyOf: [arrayOf(ref('namedValue')), STRING_MAP] },
    ...CREDENTIAL_FIELDS,
    authentication: {
      type: 'object',
      properties: { type: { type: 'string', enum: HEALTH_CHECK_AUTH_TYPES }, ...CREDENTIAL_FIELDS },
      additionalProperties: false,
    },
    ntlm: { type: 'boolean' },
    ntlmv2: { type: 'boolean' },
    responseCodes: arrayOf({ type: 'integer', minimum: 100, maximum: 599, examples: HTTP_RESPONSE_CODES }, { examples: [[200], [200, 201, 204]] }),
    thresholdMillis: THRESHOLD_MILLIS,
    responseContent: { type: 'string', description: 'Text the response body must contain' },
    responseJSONContent: { type: 'object', properties: { path: { type: 'string' }, value: { type: 'string' } } },
    maxSSLExpiry: { ...NON_NEGATIVE_INTEGER, description: 'Fail when the certificate expires within this many days' },
    env: arrayOf(ref('namedValue')),
  },
  [],
  {
    anyOf: [requires('url'), requires('endpoint'), requires('connection')],
  },
);

const TCP_CHECK = check(
  { endpoint: { type: 'string', minLength: 1, description: 'host:port', examples: ['db.internal:5432'] }, thresholdMillis: THRESHOLD_MILLIS },
  ['endpoint'],
);

const ICMP_CHECK = check(
  {
    endpoint: { type: 'string', minLength: 1, description: 'Host to ping' },
    packetCount: NON_NEGATIVE_INTEGER,
    packetLossThreshold: { type: 'number', minimum: 0, description: 'Percent of lost packets that fails the check' },
    thresholdMillis: THRESHOLD_MILLIS,
  },
  ['endpoint'],
);

const DNS_CHECK = check({
  server: { type: 'string' },
  port: { type: 'integer', minimum: 1, maximum: 65535, default: 53 },
  query: { type: 'string', description: 'Name to resolve' },
  querytype: { type: 'string', enum: ['A', 'AAAA', 'CNAME', 'MX', 'NS', 'PTR', 'SRV', 'TXT'], default: 'A' },
  minrecords: NON_NEGATIVE_INTEGER,
  exactreply: arrayOf({ type: 'string' }),
  timeout: NON_NEGATIVE_INTEGER,
  thresholdMillis: THRESHOLD_MILLIS,
});

const REDIS_CHECK = check(
  {
    addr: { type: 'string', minLength: 1, description: 'host:port', examples: ['redis:6379'] },
    db: { ...NON_NEGATIVE_INTEGER, default: REDIS_DEFAULT_DB },
    connection: CONNECTION_REF,
    ...CREDENTIAL_FIELDS,
  },
  ['addr'],
);

const MONGO_CHECK = check({ connection: CONNECTION_REF, url: { type: 'string' }, ...CREDENTIAL_FIELDS });

const FOLDER_FILTER: JsonSchema = {
  type: 'object',
  properties: { minAge: DURATION, maxAge: DURATION, minSize: SIZE, maxSize: SIZE, regex: { type: 'string' }, since: { type: 'string' } },
  additionalProperties: false,
};

const FOLDER_CHECK = check(
  {
    path: { type: 'string', minLength: 1, examples: ['/var/backups', 's3://bucket/prefix'] },
    minAge: DURATION,
    maxAge: DURATION,
    minCount: NON_NEGATIVE_INTEGER,
    maxCount: NON_NEGATIVE_INTEGER,
    minSize: SIZE,
    maxSize: SIZE,
    availableSize: SIZE,
    totalSize: SIZE,
    filter: FOLDER_FILTER,
    connection: CONNECTION_REF,
  },
  ['path'],
);

const EXEC_CHECK = check(
  {
    script: { type: 'string', minLength: 1, description: 'Shell script; the check passes when it exits 0' },
    connections: { type: 'object', additionalProperties: true },
    env: arrayOf(ref('namedValue')),
    checkout: { type: 'object', additionalProperties: true },
  },
  ['script'],
);

const SQL_CHECK = check(
  {
    connection: CONNECTION_REF,
    url: { type: 'string' },
    driver: { type: 'string', examples: ['postgres', 'mysql', 'sqlserver'] },
    query: { type: 'string', minLength: 1, default: 'SELECT 1' },
    results: { ...NON_NEGATIVE_INTEGER, description: 'Number of rows the query must return' },
    ...CREDENTIAL_FIELDS,
  },
  ['query'],
);

const ALERT_MANAGER_CHECK = check({
  host: { type: 'string' },
  url: { type: 'string' },
  connection: CONNECTION_REF,
  alerts: arrayOf({ type: 'string' }),
  filters: STRING_MAP,
  ignore: arrayOf({ type: 'string' }),
  ...CREDENTIAL_FIELDS,
});

const SEARCH_CHECK = check({
  url: { type: 'string' },
  connection: CONNECTION_REF,
  index: { type: 'string' },
  query: { type: 'string' },
  results: NON_NEGATIVE_INTEGER,
  ...CREDENTIAL_FIELDS,
});

const PROMETHEUS_CHECK = check({ url: { type: 'string' }, host: { type: 'string' }, connection: CONNECTION_REF, query: { type: 'string' } }, ['query']);

const DETAILED_CHECKS: Readonly<Record<string, JsonSchema>> = {
  http: HTTP_CHECK,
  tcp: TCP_CHECK,
  icmp: ICMP_CHECK,
  dns: DNS_CHECK,
  redis: REDIS_CHECK,
  mongo: MONGO_CHECK,
  folder: FOLDER_CHECK,
  exec: EXEC_CHECK,
  sql: SQL_CHECK,
  alertManager: ALERT_MANAGER_CHECK,
  elasticsearch: SEARCH_CHECK,
  prometheus: PROMETHEUS_CHECK,
};

/** canary-checker's own spellings of the types above. */
const SPELLINGS: Readonly<Record<string, JsonSchema>> = {
  postgres: SQL_CHECK,
  mysql: SQL_CHECK,
  mssql: SQL_CHECK,
  alertmanager: ALERT_MANAGER_CHECK,
  mongodb: MONGO_CHECK,
  opensearch: SEARCH_CHECK,
};

/** Every spec key that names a check type. */
const CHECK_KEYS: readonly string[] = [...HEALTH_CHECK_TYPES, ...CANARY_SPEC_CHECK_KEYS];

/** Keys holding one check rather than a list. */
const SINGLE_CHECK_KEYS: ReadonlySet<string> = new Set(['webhook']);

/** Schema of one check of each type (by spec key), shared with the topology schema's lookups. */
export const CHECK_DEFINITIONS: Readonly<Record<string, JsonSchema>> = Object.fromEntries(
  CHECK_KEYS.map((type) => [`${type}Check`, DETAILED_CHECKS[type] ?? SPELLINGS[type] ?? check()] as const),
);

/** Definitions a schema that embeds checks must carry. */
export const CHECK_SUPPORT_DEFINITIONS: Readonly<Record<string, JsonSchema>> = {
  script: SCRIPT,
  secretOrValue: SECRET_OR_VALUE,
  namedValue: NAMED_VALUE,
  ...CHECK_DEFINITIONS,
};

/** The spec keys naming check types: one optional array of checks each. */
export const CHECK_LIST_PROPERTIES: Readonly<Record<string, JsonSchema>> = Object.fromEntries(
  CHECK_KEYS.map((type) => [type, SINGLE_CHECK_KEYS.has(type) ? ref(`${type}Check`) : arrayOf(ref(`${type}Check`))] as const),
);

/** A spec key that is none of the above but holds a list is taken for a misspelt check type and refused. */
const UNKNOWN_CHECK_LIST: JsonSchema = { not: { type: 'array' }, description: 'is not a check type: lists of checks go under a known type key (http, tcp, dns, icmp, exec, postgres, …)' };

export const CANARY_SCHEMA: JsonSchema = {
  $schema: JSON_SCHEMA_DRAFT,
  title: 'Health check (canary) spec',
  description: 'Checks to run on a schedule, grouped by type (http, tcp, icmp, dns, ...)',
  type: 'object',
  properties: {
    schedule: HEALTH_CHECK_SCHEDULE,
    interval: { ...NON_NEGATIVE_INTEGER, description: 'Seconds between runs, when no schedule is set' },
    severity: { type: 'string' },
    owner: { type: 'string' },
    icon: { type: 'string' },
    replicas: NON_NEGATIVE_INTEGER,
    resultMode: { type: 'string' },
    agentSelector: arrayOf({ type: 'string' }),
    retries: { type: 'object', additionalProperties: true },
    env: { type: 'object', additionalProperties: true },
    ...CHECK_LIST_PROPERTIES,
  },
  additionalProperties: UNKNOWN_CHECK_LIST,
  definitions: CHECK_SUPPORT_DEFINITIONS,
};
