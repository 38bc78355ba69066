/**
 * A Connection's spec as Flanksource files write it: the flat fields (`type`, `url` …) or one typed
 * block of mission-control's CRD (`smtp`, `http`, `postgres` …), whose fields are checked here.
 */
import { CONNECTION_BLOCKS, type BlockFieldKind } from '../connections/typed-blocks.js';
import { SECRET_OR_VALUE, VALUE_FROM } from './common.js';
import { JSON_SCHEMA_DRAFT, STRING_MAP, arrayOf, type JsonSchema } from './json-schema.js';

/** A secret-or-value field of a Connection: text, `{value}` or `{valueFrom}`. */
const ENV_VAR: JsonSchema = {
  type: ['string', 'object'],
  properties: SECRET_OR_VALUE.properties ?? {},
  additionalProperties: false,
};

const NAMED_ENV_VAR: JsonSchema = { type: 'object', properties: { name: { type: 'string' }, value: { type: 'string' }, valueFrom: VALUE_FROM }, additionalProperties: false };

/** Fields a typed block cannot do without in Pharos (mission-control asks for more; Pharos fills defaults). */
const REQUIRED: Readonly<Record<string, readonly string[]>> = { http: ['url'], smtp: ['host'], folder: ['path'], git: ['url'] };

function fieldSchema(kind: BlockFieldKind): JsonSchema {
  if (typeof kind === 'object') return blockSchema(kind, []);
  switch (kind) {
    case 'envVar':
      return ENV_VAR;
    case 'string':
      return { type: 'string' };
    case 'integer':
      return { type: ['integer', 'string'], pattern: '^[0-9]+$' };
    case 'boolean':
      return { type: 'boolean' };
    case 'strings':
      return arrayOf({ type: 'string' });
    case 'map':
      return STRING_MAP;
    case 'envVars':
      return arrayOf(NAMED_ENV_VAR);
  }
}

function blockSchema(fields: Readonly<Record<string, BlockFieldKind>>, required: readonly string[], open = false): JsonSchema {
  return {
    type: 'object',
    ...(required.length > 0 ? { required } : {}),
    properties: Object.fromEntries(Object.entries(fields).map(([name, kind]) => [name, fieldSchema(kind)])),
    additionalProperties: open,
  };
}

export const CONNECTION_DOCUMENT_SCHEMA: JsonSchema = {
  $schema: JSON_SCHEMA_DRAFT,
  title: 'Connection (as written)',
  description: 'The flat fields, or one typed block of mission-control.flanksource.com/v1 Connection',
  type: 'object',
  properties: {
    type: { type: 'string' },
    url: ENV_VAR,
    username: ENV_VAR,
    password: ENV_VAR,
    certificate: ENV_VAR,
    port: ENV_VAR,
    insecure_tls: { type: 'boolean' },
    properties: STRING_MAP,
    ...Object.fromEntries(Object.entries(CONNECTION_BLOCKS).map(([name, block]) => [name, blockSchema(block.fields, REQUIRED[name] ?? [], block.open)])),
  },
  additionalProperties: true,
};
