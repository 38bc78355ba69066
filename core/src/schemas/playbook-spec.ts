/**
 * Playbook spec (spec 2): which configs, components and checks it applies to, the parameters asked
 * before a run, and the actions it runs, each action being exactly one kind (exec, http, sql,
 * notification, ...).
 */
import { PLAYBOOK_PARAMETER_TYPES } from '../constants/playbooks.js';
import { CONNECTION_REF, DURATION, NAMED_VALUE, NON_EMPTY_STRING, REQUEST_METHODS, SECRET_OR_VALUE, templatable } from './common.js';
import { JSON_SCHEMA_DRAFT, STRING_MAP, arrayOf, ref, requires, type JsonSchema } from './json-schema.js';
import { RESOURCE_SELECTOR_SCHEMA } from './resource-selector.js';

const PARAMETER: JsonSchema = {
  type: 'object',
  required: ['name'],
  properties: {
    name: NON_EMPTY_STRING,
    label: { type: 'string' },
    description: { type: 'string' },
    icon: { type: 'string' },
    type: { type: 'string', enum: PLAYBOOK_PARAMETER_TYPES, default: 'text' },
    required: { type: 'boolean' },
    default: {
      description: 'Default value; may be a Go template',
      anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }],
    },
    properties: {
      type: 'object',
      description: 'Per type: options (list), multiline, regex, min, max, minLength, maxLength, filter ...',
      additionalProperties: true,
    },
  },
  additionalProperties: true,
};

const EXEC_ACTION: JsonSchema = {
  type: 'object',
  required: ['script'],
  properties: {
    script: { type: 'string', minLength: 1 },
    connections: { type: 'object', additionalProperties: true },
    env: arrayOf(ref('namedValue')),
    artifacts: arrayOf({ type: 'object', properties: { path: { type: 'string' } }, additionalProperties: true }),
    checkout: { type: 'object', additionalProperties: true },
  },
  additionalProperties: true,
};

const HTTP_ACTION: JsonSchema = {
  type: 'object',
  anyOf: [requires('url'), requires('connection')],
  properties: {
    url: { type: 'string', minLength: 1 },
    connection: CONNECTION_REF,
    method: templatable({ type: 'string', enum: REQUEST_METHODS, default: 'GET', description: 'An HTTP method, or a template giving one' }),
    headers: { anyOf: [arrayOf(ref('namedValue')), STRING_MAP] },
    body: { type: 'string' },
    templateBody: { type: 'boolean' },
    username: ref('secretOrValue'),
    password: ref('secretOrValue'),
  },
  additionalProperties: true,
};

const SQL_ACTION: JsonSchema = {
  type: 'object',
  required: ['query'],
  properties: {
    connection: CONNECTION_REF,
    url: { type: 'string' },
    driver: { type: 'string', examples: ['postgres', 'mysql', 'sqlserver'] },
    query: { type: 'string', minLength: 1 },
  },
  additionalProperties: true,
};

const NOTIFICATION_ACTION: JsonSchema = {
  type: 'object',
  required: ['message'],
  properties: {
    connection: CONNECTION_REF,
    url: { type: 'string', description: 'Shoutrrr-style service URL, when no connection is given' },
    title: { type: 'string' },
    message: { type: 'string', minLength: 1 },
    properties: STRING_MAP,
  },
  additionalProperties: true,
};

const OPEN_ACTION: JsonSchema = { type: 'object', additionalProperties: true };

/** Fields of actions whose value is one of a few, checked once their template is rendered, by action kind. */
export const TEMPLATED_CHOICES: Readonly<Partial<Record<(typeof PLAYBOOK_ACTION_KINDS)[number], Readonly<Record<string, readonly string[]>>>>> = {
  http: { method: REQUEST_METHODS },
};

/** Action kinds: an action carries exactly one of these keys. */
export const PLAYBOOK_ACTION_KINDS = ['exec', 'http', 'sql', 'notification', 'gitops', 'github', 'azureDevopsPipeline', 'pod', 'logs'] as const;

const ACTION_KIND_SCHEMAS: Readonly<Record<(typeof PLAYBOOK_ACTION_KINDS)[number], JsonSchema>> = {
  exec: EXEC_ACTION,
  http: HTTP_ACTION,
  sql: SQL_ACTION,
  notification: NOTIFICATION_ACTION,
  gitops: OPEN_ACTION,
  github: OPEN_ACTION,
  azureDevopsPipeline: OPEN_ACTION,
  pod: OPEN_ACTION,
  logs: OPEN_ACTION,
};

/** Where an action's templates are rendered when it runs on an agent: upstream (`host`, the default) or on the agent. */
const TEMPLATES_ON: JsonSchema = { type: 'string', enum: ['host', 'agent'], description: 'Where the templates of an action run on an agent are rendered: host (default) or agent' };

const ACTION: JsonSchema = {
  type: 'object',
  required: ['name'],
  properties: {
    name: NON_EMPTY_STRING,
    description: { type: 'string' },
    delay: { type: 'string', description: 'CEL expression or duration to wait before the action' },
    timeout: DURATION,
    if: { type: 'string', description: 'CEL expression; the action is skipped when false' },
    filter: { type: 'string' },
    runsOn: arrayOf({ type: 'string' }),
    templatesOn: TEMPLATES_ON,
    ...ACTION_KIND_SCHEMAS,
  },
  oneOf: PLAYBOOK_ACTION_KINDS.map(requires),
  additionalProperties: true,
};

export const PLAYBOOK_SPEC_SCHEMA: JsonSchema = {
  $schema: JSON_SCHEMA_DRAFT,
  title: 'Playbook spec',
  description: 'Resources a playbook applies to, its parameters and its actions',
  type: 'object',
  properties: {
    title: { type: 'string' },
    description: { type: 'string' },
    icon: { type: 'string' },
    category: { type: 'string' },
    timeout: DURATION,
    configs: arrayOf(ref('resourceSelector')),
    components: arrayOf(ref('resourceSelector')),
    checks: arrayOf(ref('resourceSelector')),
    parameters: arrayOf(ref('parameter')),
    actions: arrayOf(ref('action')),
    env: arrayOf(ref('namedValue')),
    on: { type: 'object', additionalProperties: true },
    approval: { type: 'object', additionalProperties: true },
    runsOn: arrayOf({ type: 'string' }),
    templatesOn: TEMPLATES_ON,
  },
  additionalProperties: true,
  definitions: {
    resourceSelector: RESOURCE_SELECTOR_SCHEMA,
    parameter: PARAMETER,
    action: ACTION,
    secretOrValue: SECRET_OR_VALUE,
    namedValue: NAMED_VALUE,
  },
};
