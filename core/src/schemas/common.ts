/** Definitions shared by the spec schemas: secret-or-value fields, scripts, labels, selectors. */
import { HEALTH_CHECK_SCHEDULES, SCHEDULE_PRESETS } from '../constants/settings/schedules.js';
import { STRING_MAP, type JsonSchema } from './json-schema.js';

export const NON_EMPTY_STRING: JsonSchema = { type: 'string', minLength: 1 };

/** A reference to one key of a secret or config map: both name and key are needed. */
const KEY_REF: JsonSchema = {
  type: 'object',
  required: ['name', 'key'],
  properties: { name: NON_EMPTY_STRING, key: NON_EMPTY_STRING },
  additionalProperties: false,
};

/** A key of a Helm release's values (a JSONPath), as mission-control reads it from a cluster. */
const HELM_REF: JsonSchema = {
  type: 'object',
  required: ['key'],
  properties: { name: { type: 'string' }, key: NON_EMPTY_STRING },
  additionalProperties: false,
};

/** Where a secret-or-value's value comes from: a secret or config map key, a Helm value, a service account's token. */
export const VALUE_FROM: JsonSchema = {
  type: 'object',
  properties: { secretKeyRef: KEY_REF, configMapKeyRef: KEY_REF, helmRef: HELM_REF, serviceAccount: NON_EMPTY_STRING },
  additionalProperties: true,
};

/** A secret-or-value field: a static `value`, or `valueFrom` a secret or config map key. */
export const SECRET_OR_VALUE: JsonSchema = {
  type: 'object',
  description: 'A static value, or a value read from a secret or config map key',
  properties: {
    name: { type: 'string' },
    value: { type: 'string' },
    valueFrom: VALUE_FROM,
  },
  additionalProperties: false,
};

/** A named secret-or-value, e.g. an HTTP header or an environment variable. */
export const NAMED_VALUE: JsonSchema = {
  type: 'object',
  required: ['name'],
  properties: { name: NON_EMPTY_STRING, value: { type: 'string' }, valueFrom: SECRET_OR_VALUE.properties?.['valueFrom'] ?? {} },
  additionalProperties: false,
};

/** A test, display or transform script: a CEL expression, JavaScript, a Go template or a JSONPath. */
export const SCRIPT: JsonSchema = {
  type: 'object',
  description: 'One of expr (CEL), javascript, template (Go text/template) or jsonPath',
  properties: {
    expr: { type: 'string' },
    javascript: { type: 'string' },
    template: { type: 'string' },
    jsonPath: { type: 'string' },
  },
  additionalProperties: false,
};

export const LABELS: JsonSchema = { ...STRING_MAP, description: 'Key/value labels' };

/** Cron expression or `@every <duration>`; the presets are offered as examples, any string is accepted. */
export const HEALTH_CHECK_SCHEDULE: JsonSchema = {
  type: 'string',
  description: 'Cron expression, @every <duration>, @hourly, @daily or @weekly',
  examples: HEALTH_CHECK_SCHEDULES,
};

export const SCHEDULE: JsonSchema = {
  type: 'string',
  description: 'Cron expression, @every <duration>, @hourly, @daily or @weekly',
  examples: SCHEDULE_PRESETS,
};

/** A duration such as 30s, 15m, 24h or 7d. */
export const DURATION: JsonSchema = { type: 'string', pattern: '^\\d+(\\.\\d+)?(ms|s|m|h|d|w)(\\d+(\\.\\d+)?(ms|s|m|h|d|w))*$', examples: ['30s', '15m', '24h', '7d'] };

/** A size such as 10Mi, 1Gi or 500000. */
export const SIZE: JsonSchema = { type: 'string', pattern: '^\\d+(\\.\\d+)?\\s*([kKmMgGtTpP]i?[bB]?|[bB])?$', examples: ['500Ki', '10Mi', '1Gi', '10mb'] };

/** The name of a connection: a `connection://<namespace>/<name>` URL or a bare name. */
export const CONNECTION_REF: JsonSchema = {
  type: 'string',
  minLength: 1,
  description: 'Connection to use: connection://<namespace>/<name>',
  examples: ['connection://default/postgres'],
};

/** Text filled in when it is used: a Go template (`{{ .params.method }}`) or a `$(…)` expression. */
export const TEMPLATED_TEXT: JsonSchema = { type: 'string', pattern: '\\{\\{[\\s\\S]*\\}\\}|\\$\\([\\s\\S]*\\)', description: 'A template, filled in when it runs' };

/** A field upstream fills from a template before it reads it: its own values, or a template checked once rendered. */
export function templatable(schema: JsonSchema): JsonSchema {
  return { anyOf: [schema, TEMPLATED_TEXT], ...(schema.description ? { description: schema.description } : {}), ...(schema.default !== undefined ? { default: schema.default } : {}) };
}

/** The methods the http check and action send. */
export const REQUEST_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
