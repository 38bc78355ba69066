import type { FastifyPluginAsync } from 'fastify';
import { RESOURCE_SEARCH_KINDS, RESOURCE_SEARCH_LIMITS } from '@pharos/core';
import type pg from 'pg';
import { AUTHENTICATION_REQUIRED } from '../auth/guard.js';
import { createTokenForPerson } from '../auth/tokens.js';
import { apiError } from '../errors.js';
import { answers, CHECKED_IN_CODE, REFUSALS, UUID } from '../http/route-schema.js';
import {
  KUBECONFIG_FILENAME,
  KUBECONFIG_TOKEN_LIFETIME_MS,
  KUBECONFIG_TOKEN_NAME,
  publicUrlFrom,
  renderKubeconfig,
} from './kubeconfig.js';
import { MAX_SEARCH_LENGTH, MAX_SELECTORS_PER_KIND, parseSearchRequest, SearchRequestError } from './search-request.js';
import { readableKinds, searchResources } from './search.js';

export interface ShellRoutesOptions {
  pool: pg.Pool;
  /** Base URL clients reach Pharos on; defaults to PHAROS_PUBLIC_URL, else each request's own origin. */
  publicUrl?: string;
}

const SEARCH_BODY_LIMIT = 64 * 1024;

const SELECTOR = {
  type: 'object',
  additionalProperties: false,
  properties: {
    id: UUID,
    name: { type: 'string', maxLength: 1024 },
    namespace: { type: 'string', maxLength: 1024 },
    types: { type: 'array', items: { type: 'string', minLength: 1 }, description: 'Types to include; !type leaves one out' },
    agent: { type: 'string' },
    labelSelector: { type: 'string', description: 'As Kubernetes writes them: a=b,c!=d,e in (f,g)' },
    search: { type: 'string', maxLength: MAX_SEARCH_LENGTH },
  },
} as const;
const SELECTORS = { type: 'array', maxItems: MAX_SELECTORS_PER_KIND, items: SELECTOR } as const;

const SEARCH_SCHEMA = {
  tags: ['shell'],
  summary: 'Checks, components and configs matching by name',
  body: {
    type: 'object',
    additionalProperties: false,
    properties: {
      ...Object.fromEntries(RESOURCE_SEARCH_KINDS.map((kind) => [kind, SELECTORS])),
      search: { type: 'string', maxLength: MAX_SEARCH_LENGTH, description: 'Searches every kind when no kind has selectors' },
      limit: { type: 'integer', minimum: 1, maximum: RESOURCE_SEARCH_LIMITS.max, default: RESOURCE_SEARCH_LIMITS.default },
    },
  },
  response: answers({ 200: 'The matches by kind', 400: REFUSALS[400], 401: REFUSALS[401] }),
} as const;

const KUBECONFIG_SCHEMA = {
  tags: ['shell'],
  summary: 'A kubeconfig with a new token of the caller, valid 30 days',
  produces: ['application/yaml'],
  response: answers({ 200: 'The kubeconfig, as a file to save', 401: REFUSALS[401] }),
} as const;

/**
 * Routes of the application shell: `GET /api/kubeconfig` (user menu) and `POST /api/resources/search`
 * (global search and resource pickers). The access guard has already required a caller.
 */
export const shellRoutes: FastifyPluginAsync<ShellRoutesOptions> = async (app, options) => {
  const { pool } = options;
  const publicUrl = publicUrlFrom(options.publicUrl ?? process.env['PHAROS_PUBLIC_URL']);

  app.get('/api/kubeconfig', { schema: KUBECONFIG_SCHEMA }, async (request, reply) => {
    const caller = request.caller;
    if (!caller) return reply.code(401).send(apiError('PGRST301', AUTHENTICATION_REQUIRED));
    const expiresAt = new Date(Date.now() + KUBECONFIG_TOKEN_LIFETIME_MS);
    const token = await createTokenForPerson(pool, caller.personId, { name: KUBECONFIG_TOKEN_NAME, expiresAt });
    const { rows } = await pool.query<{ label: string }>(
      'select coalesce(nullif(email, \'\'), name, id::text) as label from people where id = $1',
      [caller.personId],
    );
    const server = publicUrl ?? `${request.protocol}://${request.host}`;
    const yaml = renderKubeconfig({ server, token, user: rows[0]?.label ?? caller.personId, expiresAt });
    return reply
      .header('content-type', 'application/yaml; charset=utf-8')
      .header('content-disposition', `attachment; filename="${KUBECONFIG_FILENAME}"`)
      .header('cache-control', 'no-store')
      .send(yaml);
  });

  app.post('/api/resources/search', { bodyLimit: SEARCH_BODY_LIMIT, schema: SEARCH_SCHEMA, ...CHECKED_IN_CODE }, async (request, reply) => {
    const caller = request.caller;
    if (!caller) return reply.code(401).send(apiError('PGRST301', AUTHENTICATION_REQUIRED));
    let parsed;
    try {
      parsed = parseSearchRequest(request.body);
    } catch (error) {
      if (error instanceof SearchRequestError) return reply.code(400).send(apiError('BAD_REQUEST', error.message));
      throw error;
    }
    return searchResources(pool, parsed, readableKinds(caller.roles));
  });
};
