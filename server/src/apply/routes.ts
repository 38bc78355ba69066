import { can, type Resource } from '@pharos/core';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, preParsingAsyncHookHandler } from 'fastify';
import type pg from 'pg';
import { AUTHENTICATION_REQUIRED } from '../auth/guard.js';
import type { Caller } from '../auth/caller.js';
import { apiError } from '../errors.js';
import { answers, CHECKED_IN_CODE } from '../http/route-schema.js';
import { EXPOSED_RELATIONS } from '../rest/exposed.js';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import { applyResources } from './apply.js';
import { validateFiles, type FileProblem, type FileResource } from './files.js';
import { formatDocuments, isOutputFormat } from './format.js';
import { getResources } from './get.js';
import { applyKindNamed, APPLY_KINDS } from './kinds.js';
import { BodyNotParsed, OffThreadParser, ParserBusy } from './off-thread.js';
import { removeResources } from './remove.js';
import { KIND_STORES } from './stores.js';

export interface ApplyRoutesOptions {
  pool: pg.Pool;
  /** Seals the credentials of applied connections. */
  secrets: ServerSecrets;
}

/** Largest body one apply or delete may send. */
export const APPLY_BODY_LIMIT = 2 * 1024 * 1024;

const YAML_TYPE = 'application/yaml; charset=utf-8';

function resourceOf(kind: string): Resource {
  return EXPOSED_RELATIONS[KIND_STORES[kind]!.table]!;
}

function problemsReply(reply: FastifyReply, problems: FileProblem[]) {
  const first = problems[0]!;
  const where = `document ${first.index}, line ${first.line}${first.path ? `, ${first.path}` : ''}`;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  return reply.code(400).send({ ...apiError('INVALID_RESOURCE', `Nothing was applied: ${where}: ${first.reason}${more}`), problems });
}

/** The kinds among `resources` the caller may not write (none when they may write all). */
function forbiddenKinds(caller: Caller, resources: readonly FileResource[]): string[] {
  const kinds = [...new Set(resources.map((resource) => resource.kind.kind))];
  return kinds.filter((kind) => !can(caller.roles, resourceOf(kind), 'write'));
}

function rolesOf(caller: Caller): string {
  return caller.roles.length > 0 ? caller.roles.join(', ') : 'viewer (no role assigned)';
}

function forbiddenReply(reply: FastifyReply, caller: Caller, kinds: string[], unchanged: string) {
  return reply.code(403).send(apiError('42501', `permission denied: your role (${rolesOf(caller)}) may not write ${kinds.join(', ')}; ${unchanged}`));
}

/** An answer given before the body is read; the app's error handler sends its status, code and message. */
class RefusedBeforeParsing extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const DOCUMENTS_BODY = {
  type: 'string',
  description: 'One or many YAML or JSON documents (apiVersion, kind, metadata, spec), YAML separated by ---',
} as const;
const DOCUMENT_TYPES = ['application/yaml', 'application/json', 'text/plain'];

const APPLY_ANSWERS = {
  400: 'Nothing was done: the message names the document, line and reason of the first problem; problems lists all',
  401: 'Not signed in',
  403: 'The caller’s role may not write a kind among the documents; nothing was done',
  413: 'The body is larger than 2 MiB',
  503: 'The parser is busy: retry after the Retry-After seconds',
} as const;

const APPLY_SCHEMA = {
  tags: ['specs'],
  summary: 'Create or update the resources of YAML or JSON documents: all or none',
  consumes: DOCUMENT_TYPES,
  body: DOCUMENTS_BODY,
  response: answers({ 200: 'What each document created, updated or left unchanged', ...APPLY_ANSWERS }),
} as const;

const DELETE_SCHEMA = {
  tags: ['specs'],
  summary: 'Delete the resources the documents name',
  consumes: DOCUMENT_TYPES,
  body: DOCUMENTS_BODY,
  response: answers({ 200: 'Each resource and whether it was deleted: {resources}', ...APPLY_ANSWERS }),
} as const;

const PRINT_SCHEMA = {
  tags: ['specs'],
  summary: 'The resources of a kind as documents, YAML or JSON',
  params: { type: 'object', required: ['kind'], properties: { kind: { type: 'string', description: `${APPLY_KINDS.map(({ kind }) => kind).join(', ')}, in any case, or their plurals` } } },
  querystring: {
    type: 'object',
    properties: {
      name: { type: 'string', description: 'Only the resource of this name' },
      namespace: { type: 'string' },
      output: { type: 'string', enum: ['json', 'yaml'], default: 'json' },
    },
  },
  response: answers({ 200: 'The documents', 400: 'output is neither yaml nor json', 401: 'Not signed in', 403: 'The caller’s role may not read the kind', 404: 'No such kind, or no resource of that name' }),
} as const;

/**
 * Refuses, before the body is even read, a caller who may write none of the kinds apply takes:
 * whatever the body holds would be refused, so it is not worth parsing.
 */
function writersOnly(unchanged: string): preParsingAsyncHookHandler {
  return async (request) => {
    const caller = request.caller;
    if (!caller) throw new RefusedBeforeParsing(401, 'PGRST301', AUTHENTICATION_REQUIRED);
    if (APPLY_KINDS.some(({ kind }) => can(caller.roles, resourceOf(kind), 'write'))) return undefined;
    const kinds = APPLY_KINDS.map(({ kind }) => kind).join(', ');
    throw new RefusedBeforeParsing(403, '42501', `permission denied: your role (${rolesOf(caller)}) may not write any of ${kinds}; ${unchanged}`);
  };
}

/**
 * `POST /api/apply` and `DELETE /api/apply` take YAML or JSON documents as the body (one or many);
 * `GET /api/apply/:kind` prints resources back in that shape. The body is read as text here,
 * whatever its content type, so that YAML and JSON get the same line numbers, and parsed in a
 * worker thread (OffThreadParser), within the limits of yaml-bounds.
 */
export const applyRoutes: FastifyPluginAsync<ApplyRoutesOptions> = async (app, { pool, secrets }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  const parser = new OffThreadParser();
  app.addHook('onClose', () => parser.close());

  /** The body's resources when the caller may write every kind of them; else the reply already sent. */
  const writableBody = async (request: FastifyRequest, reply: FastifyReply, unchanged: string): Promise<FileResource[] | FastifyReply> => {
    const caller = request.caller;
    if (!caller) return reply.code(401).send(apiError('PGRST301', AUTHENTICATION_REQUIRED));
    let parsed;
    try {
      parsed = await parser.parse(typeof request.body === 'string' ? request.body : '');
    } catch (error) {
      if (error instanceof ParserBusy) return reply.code(503).header('retry-after', '1').send(apiError('BUSY', error.message));
      if (!(error instanceof BodyNotParsed)) throw error;
      return problemsReply(reply, [{ index: 0, line: 1, path: '', reason: error.message }]);
    }
    const read = validateFiles([{ parsed }]);
    if ('problems' in read) return problemsReply(reply, read.problems);
    const forbidden = forbiddenKinds(caller, read.resources);
    if (forbidden.length > 0) return forbiddenReply(reply, caller, forbidden, unchanged);
    return read.resources;
  };

  app.post('/api/apply', { bodyLimit: APPLY_BODY_LIMIT, preParsing: writersOnly('nothing was applied'), schema: APPLY_SCHEMA, ...CHECKED_IN_CODE }, async (request, reply) => {
    const resources = await writableBody(request, reply, 'nothing was applied');
    if (!Array.isArray(resources)) return resources;
    const applied = await applyResources(pool, secrets, resources, { personId: request.caller!.personId });
    if ('problems' in applied) return problemsReply(reply, applied.problems);
    return applied;
  });

  app.delete('/api/apply', { bodyLimit: APPLY_BODY_LIMIT, preParsing: writersOnly('nothing was deleted'), schema: DELETE_SCHEMA, ...CHECKED_IN_CODE }, async (request, reply) => {
    const resources = await writableBody(request, reply, 'nothing was deleted');
    if (!Array.isArray(resources)) return resources;
    return { resources: await removeResources(pool, resources) };
  });

  app.get<{ Params: { kind: string }; Querystring: { name?: string; namespace?: string; output?: string } }>(
    '/api/apply/:kind',
    { schema: PRINT_SCHEMA, ...CHECKED_IN_CODE },
    async (request, reply) => {
      const caller = request.caller;
      if (!caller) return reply.code(401).send(apiError('PGRST301', AUTHENTICATION_REQUIRED));
      const { name, namespace, output = 'json' } = request.query;
      const kind = applyKindNamed(request.params.kind)?.kind;
      if (!kind) return reply.code(404).send(apiError('NOT_FOUND', `Unknown kind ${request.params.kind}: one of ${APPLY_KINDS.map((known) => known.kind).join(', ')}`));
      if (!isOutputFormat(output)) return reply.code(400).send(apiError('BAD_REQUEST', `output must be yaml or json, not ${output}`));
      if (!can(caller.roles, resourceOf(kind), 'read')) return reply.code(403).send(apiError('42501', `permission denied: your role may not read ${kind}`));
      const documents = await getResources(pool, { kind, name, namespace });
      if (name !== undefined && documents.length === 0) return reply.code(404).send(apiError('NOT_FOUND', `No ${kind} is named ${name}`));
      return reply.type(output === 'yaml' ? YAML_TYPE : 'application/json').send(formatDocuments(documents, output, name !== undefined));
    },
  );
};
