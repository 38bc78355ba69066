import { CONNECTION_TYPES, isUuid, missingRequired, type ConnectionFormValues, type ConnectionInput } from '@pharos/core';
import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { authorize, RouteError, routeErrorHandler } from '../http/route-access.js';
import { answers, BODY_OPTIONAL, CHECKED_IN_CODE, NO_BODY, REFUSALS, uuidParams } from '../http/route-schema.js';
import { UnresolvedReference } from '../secret-store/resolve.js';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import { UnsealError } from '../secrets/server-secrets.js';
import { hydrate } from './resolve.js';
import { ConnectionConflict, createConnection, deleteConnection, findConnection, listConnections, updateConnection, viewOf, type ConnectionRow } from './store.js';
import { ConnectionTestFailure, testConnection, TestNotSupported } from './testers/index.js';

export interface ConnectionRoutesOptions {
  pool: pg.Pool;
  secrets: ServerSecrets;
}

export const DEFAULT_LIST_LIMIT = 100;
export const MAX_LIST_LIMIT = 1000;
/** Longest text one field may hold (a kubeconfig or a service-account key fits). */
const MAX_FIELD = 64 * 1024;

const NAME = { type: 'string', minLength: 1, maxLength: 253, pattern: '\\S' } as const;
const FIELD = { type: ['string', 'null'], maxLength: MAX_FIELD } as const;

const INPUT_SCHEMA = {
  type: 'object',
  required: ['name', 'type'],
  additionalProperties: false,
  properties: {
    name: NAME,
    namespace: { type: 'string', maxLength: 253 },
    type: { type: 'string', enum: [...CONNECTION_TYPES] },
    url: FIELD,
    username: FIELD,
    password: FIELD,
    certificate: FIELD,
    insecure_tls: { type: 'boolean' },
    properties: { type: 'object', maxProperties: 100, additionalProperties: { type: 'string', maxLength: MAX_FIELD } },
    allowed_namespaces: {
      type: ['array', 'null'],
      maxItems: 100,
      uniqueItems: true,
      items: { type: 'string', pattern: '^(\\*|[A-Za-z0-9][A-Za-z0-9._-]{0,252})$' },
    },
  },
} as const;

const ID_PARAMS = uuidParams('id');
const TAGS = ['connections'];
const NO_CONNECTION = 'No such connection';

const LIST_SCHEMA = {
  tags: TAGS,
  summary: 'Connections, their credentials left out',
  querystring: { type: 'object', properties: { type: { type: 'string', enum: [...CONNECTION_TYPES] }, limit: { type: 'integer', minimum: 1, maximum: MAX_LIST_LIMIT, default: DEFAULT_LIST_LIMIT } } },
  response: answers({ 200: 'The connections', ...REFUSALS }),
} as const;

const READ_SCHEMA = {
  tags: TAGS,
  summary: 'A connection, its credentials left out',
  params: ID_PARAMS,
  response: answers({ 200: 'The connection, with the names of the secrets it holds', ...REFUSALS, 404: NO_CONNECTION }),
} as const;

const CREATE_SCHEMA = {
  tags: TAGS,
  summary: 'Create a connection; its credentials are sealed',
  body: INPUT_SCHEMA,
  response: answers({ 201: 'The connection', ...REFUSALS, 409: 'A connection of that name and namespace exists' }),
} as const;

const UPDATE_SCHEMA = {
  tags: TAGS,
  summary: 'Change a connection; a secret left out keeps its saved value',
  params: ID_PARAMS,
  body: INPUT_SCHEMA,
  response: answers({ 200: 'The connection', ...REFUSALS, 404: NO_CONNECTION, 409: 'A connection of that name and namespace exists' }),
} as const;

const DELETE_SCHEMA = {
  tags: TAGS,
  summary: 'Delete a connection',
  params: ID_PARAMS,
  response: answers({ 204: 'Deleted', ...REFUSALS, 404: NO_CONNECTION }),
} as const;

const TEST_SCHEMA = {
  tags: TAGS,
  summary: 'Connect to what a saved connection names',
  params: ID_PARAMS,
  body: NO_BODY,
  ...BODY_OPTIONAL,
  response: answers({ 200: '{message: ok}', 400: 'The id is not a UUID, or the test failed: the message says why', 401: REFUSALS[401], 403: REFUSALS[403], 404: NO_CONNECTION, 501: 'Connections of this type cannot be tested' }),
} as const;

function trimmed(input: ConnectionInput): ConnectionInput {
  return { ...input, name: input.name.trim(), namespace: input.namespace?.trim() || 'default' };
}

/** Required fields of the type's form, a saved secret counting as given. */
function checkRequired(input: ConnectionInput, saved?: ConnectionRow): void {
  const secretsSet = saved && saved.type === input.type ? viewOf(saved).secrets_set : [];
  const values: ConnectionFormValues = {
    ...input.properties,
    name: input.name,
    url: input.url ?? '',
    username: input.username ?? '',
    password: input.password ?? '',
    certificate: input.certificate ?? '',
  };
  const missing = missingRequired(input.type, values, secretsSet);
  if (missing.length > 0) throw new RouteError(400, 'VALIDATION_FAILED', `${missing.join(', ')}: This field is required`, { fields: missing });
}

function notFound(id: string): RouteError {
  return new RouteError(404, 'NOT_FOUND', `No connection ${id}`);
}

/**
 * `/api/connections`: list, read, create, update and delete, with credentials sealed on the way in
 * and never sent back; `POST /api/connection/test/:id` connects to what a saved connection names.
 */
export const connectionRoutes: FastifyPluginAsync<ConnectionRoutesOptions> = async (app, { pool, secrets }) => {
  app.setErrorHandler(routeErrorHandler);

  app.get<{ Querystring: { type?: string; limit?: number } }>(
    '/api/connections',
    { schema: LIST_SCHEMA },
    async (request) => {
      authorize(request, 'connections', 'read');
      const rows = await listConnections(pool, { limit: request.query.limit ?? DEFAULT_LIST_LIMIT, ...(request.query.type ? { type: request.query.type } : {}) });
      return rows.map(viewOf);
    },
  );

  app.get<{ Params: { id: string } }>('/api/connections/:id', { schema: READ_SCHEMA }, async (request) => {
    authorize(request, 'connections', 'read');
    const row = await findConnection(pool, request.params.id);
    if (!row) throw notFound(request.params.id);
    return viewOf(row);
  });

  app.post<{ Body: ConnectionInput }>('/api/connections', { schema: CREATE_SCHEMA }, async (request, reply) => {
    const caller = authorize(request, 'connections', 'write');
    const input = trimmed(request.body);
    checkRequired(input);
    try {
      return reply.code(201).send(viewOf(await createConnection(pool, secrets, input, caller.personId)));
    } catch (error) {
      if (error instanceof ConnectionConflict) throw new RouteError(409, 'CONFLICT', error.message);
      throw error;
    }
  });

  app.patch<{ Params: { id: string }; Body: ConnectionInput }>('/api/connections/:id', { schema: UPDATE_SCHEMA }, async (request) => {
    authorize(request, 'connections', 'write');
    const input = trimmed(request.body);
    try {
      const row = await updateConnection(pool, secrets, request.params.id, input, (saved) => checkRequired(input, saved));
      if (!row) throw notFound(request.params.id);
      return viewOf(row);
    } catch (error) {
      if (error instanceof ConnectionConflict) throw new RouteError(409, 'CONFLICT', error.message);
      throw error;
    }
  });

  app.delete<{ Params: { id: string } }>('/api/connections/:id', { schema: DELETE_SCHEMA }, async (request, reply) => {
    authorize(request, 'connections', 'write');
    if (!(await deleteConnection(pool, request.params.id))) throw notFound(request.params.id);
    return reply.code(204).send();
  });

  app.post<{ Params: { id: string } }>('/api/connection/test/:id', { schema: TEST_SCHEMA, ...CHECKED_IN_CODE }, async (request, reply) => {
    // Checked here rather than by the schema, which documents a body this route takes none of.
    if (!isUuid(request.params.id)) throw new RouteError(400, 'VALIDATION_FAILED', 'params/id must match format "uuid"');
    authorize(request, 'connections', 'read');
    const row = await findConnection(pool, request.params.id);
    if (!row) throw notFound(request.params.id);
    const aborted = new AbortController();
    // The client went away before the answer: stop the test.
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) aborted.abort();
    });
    try {
      await testConnection(await hydrate(pool, secrets, row), aborted.signal);
    } catch (error) {
      if (error instanceof TestNotSupported) throw new RouteError(501, 'NOT_IMPLEMENTED', error.message);
      if (error instanceof ConnectionTestFailure || error instanceof UnresolvedReference || error instanceof UnsealError) {
        throw new RouteError(400, 'CONNECTION_TEST_FAILED', error.message, { error: error.message });
      }
      throw error;
    }
    return { message: 'ok' };
  });
};
