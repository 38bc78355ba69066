/**
 * Connection (spec 3 section 3): name, namespace and type, the common url/username/password/
 * certificate fields, and type-specific extras kept as a string map in `properties`.
 */
import { CONNECTION_DEFAULTS, CONNECTION_TYPES, type ConnectionType } from '../constants/settings/connections.js';
import { STORED_ONLY_CONNECTION_TYPES } from '../connections/typed-blocks.js';
import { NON_EMPTY_STRING } from './common.js';
import { JSON_SCHEMA_DRAFT, type JsonSchema } from './json-schema.js';

/** Types whose connection is an address: they need a url. */
export const CONNECTION_TYPES_REQUIRING_URL: readonly ConnectionType[] = [
  'http',
  'prometheus',
  'elasticsearch',
  'git',
  'ldap',
  'generic_webhook',
  'webhook',
];

/** A namespace name, or '*' for every namespace. */
const ALLOWED_NAMESPACES_SCHEMA: JsonSchema = {
  type: 'array',
  items: { type: 'string', pattern: '^(\\*|[A-Za-z0-9][A-Za-z0-9._-]{0,252})$' },
  uniqueItems: true,
};

const PORT: JsonSchema = { type: 'string', pattern: '^[0-9]{1,5}$' };

/** Extra fields of some types, checked inside `properties` (whose values are strings). */
const TYPE_PROPERTIES: Readonly<Partial<Record<ConnectionType, JsonSchema>>> = {
  sftp: {
    type: 'object',
    required: ['host'],
    properties: { host: NON_EMPTY_STRING, port: { ...PORT, default: String(CONNECTION_DEFAULTS.sftpPort) } },
  },
  smb: { type: 'object', properties: { port: { ...PORT, default: String(CONNECTION_DEFAULTS.smbPort) } } },
  git: { type: 'object', properties: { ref: { type: 'string', default: CONNECTION_DEFAULTS.gitRef } } },
  redis: { type: 'object', properties: { db: { type: 'string', pattern: '^[0-9]+$', default: '0' } } },
  folder: { type: 'object', required: ['path'], properties: { path: NON_EMPTY_STRING } },
};

function conditional(type: ConnectionType, then: JsonSchema): JsonSchema {
  return { if: { type: 'object', required: ['type'], properties: { type: { const: type } } }, then };
}

export const CONNECTION_SCHEMA: JsonSchema = {
  $schema: JSON_SCHEMA_DRAFT,
  title: 'Connection',
  description: 'Credentials and address of an external system, referenced as connection://<namespace>/<name>',
  type: 'object',
  required: ['name', 'type'],
  properties: {
    name: NON_EMPTY_STRING,
    namespace: { type: 'string', default: CONNECTION_DEFAULTS.namespace },
    type: { type: 'string', enum: [...CONNECTION_TYPES, ...STORED_ONLY_CONNECTION_TYPES] },
    url: { type: 'string' },
    username: { type: 'string' },
    password: { type: 'string' },
    certificate: { type: 'string' },
    insecure_tls: { type: 'boolean', default: false },
    properties: { type: 'object', additionalProperties: { type: 'string' } },
    allowed_namespaces: ALLOWED_NAMESPACES_SCHEMA,
  },
  additionalProperties: true,
  allOf: [
    ...CONNECTION_TYPES_REQUIRING_URL.map((type) =>
      conditional(type, { type: 'object', required: ['url'], properties: { url: NON_EMPTY_STRING } }),
    ),
    ...Object.entries(TYPE_PROPERTIES).map(([type, properties]) =>
      conditional(type as ConnectionType, { type: 'object', required: ['properties'], properties: { properties } }),
    ),
  ],
};
