import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { authorize, authorizeWrite, dataCaller, requireCaller } from './access.js';
import { handleError } from './error-handler.js';
import { compileRead, type CompiledRead, type ReadSource } from './compile/read.js';
import { argumentNames, chooseFunction, functionRowsSource, scalarCallSql } from './compile/rpc.js';
import { Params } from './compile/sql.js';
import { scopedSources, unscopedSource, type SourceOf } from './organization-scope.js';
import { compileDelete, compileInsert, compileUpdate, MUTATION_SOURCE, type Row } from './compile/write.js';
import { refuseInvalidBackends } from './backend-columns.js';
import { refuseInvalidCel } from './cel-columns.js';
import { sealWrittenRow } from './sealed-columns.js';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import { CALLER_COLUMN } from './exposed.js';
import { checkJsonDepth, JsonTooDeepError } from '../http/json-body.js';
import { RestError } from './errors.js';
import { runRead, runScalar, runWrite, type Queryable } from './execute.js';
import { asCaller } from './transaction.js';
import { CallerSlots } from './caller-slots.js';
import { viewerSlotCount, type DataServiceConfig } from './config.js';
import { DataConnections } from './connections.js';
import { SharedSlots } from './shared-slots.js';
import { parseAccept, parsePrefer, parseRange, type CountMode, type ResponseShape } from './parse/headers.js';
import { PlanCache } from './plan-cache.js';
import type { Caller } from '../auth/caller.js';
import { parseQuery, type ParsedQuery } from './parse/query.js';
import { contentRange, rangeStatus } from './respond.js';
import { introspect } from './schema/introspect.js';
import type { RelationInfo, SchemaModel } from './schema/model.js';

export interface RestPluginOptions {
  /** The data service's own pool: its connections carry the statement timeout. */
  pool: pg.Pool;
  /** The rest of the server's pool, which cancels statements of clients that went away. */
  cancelPool: pg.Pool;
  config: DataServiceConfig;
  /** Seals the credentials written in specs. */
  secrets: ServerSecrets;
  /** PHAROS_AUTH_MODE=organizations: people, identities and roles are read only within the caller's organization. */
  organizations?: boolean;
}

interface RelationParams {
  relation: string;
}

interface FunctionParams {
  fn: string;
}

/** What the data service knows before it has read the database's schema. */
const EMPTY_SCHEMA: SchemaModel = { relations: new Map(), relationships: new Map(), functions: new Map() };

/** PostgREST-compatible data service; mounted at /api/db. */
export const restPlugin: FastifyPluginAsync<RestPluginOptions> = async (app, { pool, cancelPool, config, secrets, organizations = false }) => {
  // The schema is read after the server listens (a restarted replica answers within its migrations and
  // listening); a request arriving before waits for it, and a failed read is tried again by the next one.
  let schema: SchemaModel = EMPTY_SCHEMA;
  let reading: Promise<void> | undefined;
  const readSchema = (): Promise<void> =>
    (reading ??= introspect(pool).then(
      (read) => {
        schema = read;
      },
      (error: unknown) => {
        reading = undefined;
        throw error;
      },
    ));
  app.addHook('onListen', () => {
    readSchema().catch(() => undefined);
  });
  app.addHook('onRequest', async () => {
    if (schema === EMPTY_SCHEMA) await readSchema();
  });
  const connections = new DataConnections({
    pool,
    cancelPool,
    slots: new CallerSlots(config.callerConcurrency, config.callerQueue),
    viewerSlots: new SharedSlots(viewerSlotCount(config, pool.options.max ?? 10), config.viewerQueue),
    statementTimeoutMs: config.statementTimeoutMs,
  });
  /** Every statement of a request runs through here: one connection, the caller's turn, cancelled if the client leaves. */
  const withClient = <T>(request: FastifyRequest, reply: FastifyReply, work: (client: pg.PoolClient) => Promise<T>): Promise<T> =>
    connections.run(request, reply, dataCaller(requireCaller(request)), work);
  app.setErrorHandler(handleError);
  // postgrest-js sends `Content-Type: application/json` with an empty DELETE body; other bodies are JSON only.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    try {
      checkJsonDepth(text);
      done(null, JSON.parse(text) as unknown);
    } catch (error) {
      if (error instanceof JsonTooDeepError) {
        done(new RestError(400, 'PGRST102', error.message, null, `Send JSON nested at most ${error.maxDepth} levels deep.`), undefined);
        return;
      }
      done(new RestError(400, 'PGRST102', 'Empty or invalid json', (error as Error).message), undefined);
    }
  });

  const relationOf = (name: string): RelationInfo => {
    const relation = schema.relations.get(name);
    if (!relation) {
      throw new RestError(404, 'PGRST205', `Could not find the table 'public.${name}' in the schema cache`, null, 'Only the relations Pharos exposes can be reached through /api/db.');
    }
    return relation;
  };

  /** What the request's relations are read from: in organization mode, the person relations narrowed to the caller's organization. */
  const sourcesFor = (request: FastifyRequest, params: Params): SourceOf => {
    if (!organizations) return unscopedSource;
    const caller = requireCaller(request);
    return scopedSources({ personId: caller.personId, organizationId: caller.organizationId ?? null }, params);
  };

  const readOptions = (
    request: FastifyRequest,
    query: ParsedQuery,
    params: Params,
    rootModifiers: boolean,
    window?: { offset: number; limit?: number },
    sourceOf: SourceOf = sourcesFor(request, params),
  ) => {
    const caller = requireCaller(request);
    return {
      schema,
      params,
      sourceOf,
      levels: query.levels,
      authorize: (r: RelationInfo) => authorize(caller, r.resource, 'read', `'${r.name}'`),
      rootModifiers,
      ...(window ? { window } : {}),
    };
  };

  /** A read of a relation or of a function, compiled from its request and its headers. */
  const planRead = (request: FastifyRequest, source: ReadSource, query: ParsedQuery, params: Params, sourceOf?: SourceOf): ReadPlan => {
    const prefs = parsePrefer(request.headers.prefer);
    const range = parseRange(request.headers.range);
    const shape = parseAccept(request.headers.accept);
    const compiled = compileRead(source, query.select, readOptions(request, query, params, true, range, sourceOf));
    const offset = (query.levels.get('')?.offset ?? 0) + (range?.offset ?? 0);
    return { compiled, params, shape, offset, ...(prefs.count ? { count: prefs.count } : {}) };
  };

  /** The rows a plan reads, with their status and Content-Range. */
  const runPlan = async (db: Queryable, plan: ReadPlan): Promise<Answer> => {
    const result = await runRead(db, plan.compiled, plan.params, { shape: plan.shape, ...(plan.count ? { count: plan.count } : {}) });
    const { offset } = plan;
    return { status: rangeStatus(offset, result.rowCount, result.total), range: contentRange(offset, result.rowCount, result.total), body: result.body };
  };

  const readRows = (request: FastifyRequest, source: ReadSource, query: ParsedQuery, params: Params, db: Queryable): Promise<Answer> =>
    runPlan(db, planRead(request, source, query, params));

  const relationReads = new PlanCache<ReadPlan>();

  app.get<{ Params: RelationParams }>('/:relation', async (request, reply) => {
    const relation = relationOf(request.params.relation);
    const caller = requireCaller(request);
    authorize(caller, relation.resource, 'read', `'${relation.name}'`);
    const plan = relationReads.get(readKey(request, caller, organizations), () => {
      const query = parseQuery(searchParams(request));
      const params = new Params();
      const sourceOf = sourcesFor(request, params);
      return planRead(request, { sql: sourceOf(relation), relation }, query, params, sourceOf);
    });
    send(reply, await withClient(request, reply, (client) => runPlan(client, plan)));
  });

  /** A write the caller may not make is refused before its body is read. */
  const writersOnly =
    (method: 'POST' | 'PATCH') =>
    async (request: FastifyRequest): Promise<undefined> => {
      const { relation } = request.params as RelationParams;
      authorizeWrite(requireCaller(request), relationOf(relation), method, organizations);
      return undefined;
    };

  app.post<{ Params: RelationParams }>('/:relation', { preParsing: writersOnly('POST') }, async (request, reply) => {
    const relation = relationOf(request.params.relation);
    const caller = requireCaller(request);
    authorizeWrite(caller, relation, 'POST', organizations);
    const query = parseQuery(searchParams(request));
    const prefs = parsePrefer(request.headers.prefer);
    const rows = bodyRows(request.body);
    refuseInvalidCel(relation.name, rows);
    refuseInvalidBackends(relation.name, rows, 'insert');
    const params = new Params();
    const prefix = compileInsert(
      {
        relation,
        rows: rows.map((row) => sealWrittenRow(relation.name, withoutCallerColumn(row), secrets)),
        missingDefault: prefs.missingDefault,
        forced: relation.columnsByName.has(CALLER_COLUMN) ? { [CALLER_COLUMN]: caller.personId } : {},
        ...(query.columns ? { columns: query.columns.filter((c) => c !== CALLER_COLUMN) } : {}),
        ...(prefs.resolution ? { upsert: { onConflict: query.onConflict ?? [], resolution: prefs.resolution } } : {}),
      },
      params,
    );
    await sendWrite(request, reply, relation, query, params, prefix, 201, rows.length === 0);
  });

  app.patch<{ Params: RelationParams }>('/:relation', { preParsing: writersOnly('PATCH') }, async (request, reply) => {
    const relation = relationOf(request.params.relation);
    authorizeWrite(requireCaller(request), relation, 'PATCH', organizations);
    const query = parseQuery(searchParams(request));
    const values = sealWrittenRow(relation.name, withoutCallerColumn(bodyObject(request.body)), secrets);
    refuseInvalidCel(relation.name, [values]);
    refuseInvalidBackends(relation.name, [values], 'update');
    const params = new Params();
    const prefix = compileUpdate({ relation, values, conditions: query.levels.get('')?.conditions ?? [] }, params);
    refuseRowModifiers(query, 'PATCH');
    await sendWrite(request, reply, relation, query, params, prefix, 200, Object.keys(values).length === 0);
  });

  app.delete<{ Params: RelationParams }>('/:relation', async (request, reply) => {
    const relation = relationOf(request.params.relation);
    authorizeWrite(requireCaller(request), relation, 'DELETE', organizations);
    const query = parseQuery(searchParams(request));
    const params = new Params();
    const prefix = compileDelete({ relation, conditions: query.levels.get('')?.conditions ?? [] }, params);
    refuseRowModifiers(query, 'DELETE');
    await sendWrite(request, reply, relation, query, params, prefix, 200, false);
  });

  const sendWrite = async (
    request: FastifyRequest,
    reply: FastifyReply,
    relation: RelationInfo,
    query: ParsedQuery,
    params: Params,
    prefix: string,
    representationStatus: number,
    nothingToDo: boolean,
  ): Promise<void> => {
    const prefs = parsePrefer(request.headers.prefer);
    const shape = parseAccept(request.headers.accept);
    const minimalStatus = representationStatus === 201 ? 201 : 204;
    // Compiled even when not returned, so a filter on a path that is not embedded is refused, not dropped.
    const compiled = compileRead({ sql: MUTATION_SOURCE, relation }, query.select, readOptions(request, query, params, false));
    if (nothingToDo) {
      if (prefs.return === 'representation') send(reply, { status: representationStatus, body: '[]' });
      else reply.code(minimalStatus).send();
      return;
    }
    const caller = requireCaller(request);
    const range = (affected: number): string => contentRange(0, affected, prefs.count ? affected : null);
    if (prefs.return !== 'representation') {
      const affected = await withClient(request, reply, (db) => asCaller(db, caller.personId, (client) => runWrite(client, prefix, params)));
      reply.code(minimalStatus).header('content-range', range(affected)).send();
      return;
    }
    // In the transaction, a refused single-object answer also undoes the write.
    const result = await withClient(request, reply, (db) => asCaller(db, caller.personId, (client) => runRead(client, compiled, params, { shape, prefix })));
    send(reply, { status: representationStatus, range: range(result.rowCount), body: result.body });
  };

  const callFunction = async (request: FastifyRequest<{ Params: FunctionParams }>, reply: FastifyReply, args: Map<string, unknown>, query: ParsedQuery): Promise<void> => {
    const caller = requireCaller(request);
    const fn = chooseFunction(schema, request.params.fn, [...args.keys()]);
    if (request.method === 'GET' && fn.volatile) {
      throw new RestError(405, 'PGRST101', 'Cannot use the GET method on RPC to call a volatile function', null, 'Call it with POST.');
    }
    authorize(caller, fn.resource, fn.volatile ? 'write' : 'read', `the function '${fn.name}'`);
    const params = new Params();
    const source = functionRowsSource(fn, args, params);
    const call = async (db: Queryable): Promise<Answer> =>
      source ? readRows(request, source, query, params, db) : { status: 200, body: await runScalar(db, scalarCallSql(fn, args, params), params) };
    // A volatile function may write: it runs as the caller, like any other write.
    send(reply, await withClient(request, reply, (client) => (fn.volatile ? asCaller(client, caller.personId, call) : call(client))));
  };

  app.get<{ Params: FunctionParams }>('/rpc/:fn', async (request, reply) => {
    const known = argumentNames(schema, request.params.fn);
    if (known.size === 0 && !schema.functions.has(request.params.fn)) chooseFunction(schema, request.params.fn, []);
    const query = parseQuery(searchParams(request), known);
    await callFunction(request, reply, new Map(query.args), query);
  });

  app.post<{ Params: FunctionParams }>('/rpc/:fn', async (request, reply) => {
    const body = request.body === undefined || request.body === null ? {} : bodyObject(request.body);
    await callFunction(request, reply, new Map(Object.entries(body)), parseQuery(searchParams(request)));
  });
};

interface Answer {
  status: number;
  range?: string;
  body: string;
}

/** A compiled read; shared by the requests that ask the same, so nothing changes it once made. */
interface ReadPlan {
  compiled: CompiledRead;
  params: Params;
  shape: ResponseShape;
  count?: CountMode;
  /** Of the first row answered, for Content-Range. */
  offset: number;
}

/**
 * Everything a read's statement depends on: its URL and the headers that shape the answer, the roles
 * that decide which embedded relations may be read and, in organization mode, whose people are seen.
 */
function readKey(request: FastifyRequest, caller: Caller, organizations: boolean): string {
  const { prefer, range, accept } = request.headers;
  const roles = caller.roles.length > 1 ? [...caller.roles].sort().join(',') : (caller.roles[0] ?? '');
  const scope = organizations ? `${caller.personId} ${caller.organizationId ?? ''}` : '';
  return `${request.raw.url ?? ''}\n${prefer ?? ''}\n${range ?? ''}\n${accept ?? ''}\n${caller.agentId ?? ''}\n${roles}\n${scope}`;
}

function send(reply: FastifyReply, answer: Answer): void {
  if (answer.range !== undefined) reply.header('content-range', answer.range);
  reply.code(answer.status).type('application/json; charset=utf-8').send(answer.body);
}

/** A write's rows are chosen by filters alone (`order` only sorts the representation): a limit would be silently ignored. */
function refuseRowModifiers(query: ParsedQuery, verb: 'PATCH' | 'DELETE'): void {
  const root = query.levels.get('');
  if (root && (root.limit !== undefined || root.offset !== undefined)) {
    throw new RestError(400, 'PGRST100', `limit and offset are not supported on ${verb}`, null, 'Choose the rows with filters on their key instead, e.g. ?id=eq.{id}.');
  }
}

function searchParams(request: FastifyRequest): URLSearchParams {
  const url = request.raw.url ?? '';
  const mark = url.indexOf('?');
  return new URLSearchParams(mark < 0 ? '' : url.slice(mark + 1));
}

function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function bodyObject(body: unknown): Row {
  if (!isRow(body)) throw new RestError(400, 'PGRST102', 'Expected a JSON object in the request body');
  return body;
}

function bodyRows(body: unknown): Row[] {
  if (Array.isArray(body)) {
    if (!body.every(isRow)) throw new RestError(400, 'PGRST102', 'Expected a JSON object or an array of JSON objects in the request body');
    return body;
  }
  return [bodyObject(body)];
}

function withoutCallerColumn(row: Row): Row {
  if (!(CALLER_COLUMN in row)) return row;
  const copy = { ...row };
  delete copy[CALLER_COLUMN];
  return copy;
}
