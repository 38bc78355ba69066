import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { apiError } from '../errors.js';
import { JsonTooDeepError, parseJsonWithin } from '../http/json-body.js';
import { callerOf, RouteError, routeErrorHandler } from '../http/route-access.js';
import { answers, CHECKED_IN_CODE, REFUSALS } from '../http/route-schema.js';
import { AGENT_ROUTE_ONLY, callingAgent } from './caller-agent.js';
import { PushGate, PushGateFull } from './push-gate.js';
import type { ReaderTraffic } from './reader-traffic.js';
import { applyOwnedPage, prepareOwnedPage, type OwnedPage } from './sync/apply-owned-page.js';
import { applyTablePage, type Pacing, type PushingAgent, type PushRow, type TableOutcome } from './sync/apply-page.js';
import { isSyncTableName, PUSH_PAGE_SIZE, SYNC_TABLE_NAMES, type SyncTableName } from './sync/tables.js';
import { checkRows, PushInputError } from './sync/validate.js';

/** The largest push body: a page of 500 rows of every table, with room for sizeable config items. */
export const PUSH_BODY_LIMIT = 32 * 1024 * 1024;

export interface AgentPushOptions {
  pool: pg.Pool;
  /** Push transactions running at once (one, so agents pushing together leave the pool and the CPUs to readers). */
  gate?: PushGate;
  /** People's requests in flight, which a push's statements wait for (READER_WAIT_MS at most each). */
  readers?: ReaderTraffic;
}

/**
 * Longest a push's next statement waits for people's requests to be answered. A push's statements
 * (a page of 500 upserted rows) take the database's CPU and the event loop's socket writes that a
 * page view needs; giving way (and upserting fewer rows a statement while people's requests are in
 * flight) keeps the health summary within twice its quiet latency while ten agents push. The wait is
 * bounded so pushes go on under constant reading.
 */
const READER_WAIT_MS = 100;
/** Rows an upsert of a push takes while people read (a request in flight or just answered; the whole page otherwise): short statements keep their wait short. */
const ROWS_BESIDE_READERS = 50;

/**
 * One push stores at a time and eight wait; more are answered 503 (the agent sends again after
 * Retry-After). On two CPUs a second running push stored no more rows a second and slowed readers more.
 */
const PUSHES_RUNNING = 1;
const PUSHES_WAITING = 8;
const RETRY_AFTER_S = 1;
/** A deadlock or serialization failure between two pushes touching the same roll-up rows: the page goes again. */
const RETRIED_CODES = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

function isRetried(error: unknown): boolean {
  return typeof error === 'object' && error !== null && RETRIED_CODES.has(String((error as { code?: unknown }).code));
}

/** A push's transaction, begun with its commit not waiting for the WAL flush, in one round trip. */
const BEGIN_UNFLUSHED = 'begin; set local synchronous_commit = off';

async function storePage(
  pool: pg.Pool,
  tables: Map<SyncTableName, PushRow[]>,
  owned: OwnedPage | undefined,
  agent: PushingAgent,
  readers: ReaderTraffic | undefined,
): Promise<Partial<Record<SyncTableName, TableOutcome>>> {
  const pacing: Pacing | undefined = readers && {
    giveWay: () => readers.quiet(READER_WAIT_MS),
    rowsPerStatement: () => (readers.recent ? ROWS_BESIDE_READERS : PUSH_PAGE_SIZE),
  };
  for (let attempt = 1; ; attempt += 1) {
    try {
      await pacing?.giveWay();
      // A page of one table whose parents are the agent's own, while no person reads: one statement.
      if (owned && !readers?.recent) {
        const outcome = await applyOwnedPage(pool, owned, agent);
        if (outcome) return { [owned.name]: outcome };
      }
      const client = await pool.connect();
      try {
        // The commit does not wait for the WAL flush (one fsync per page otherwise). A stop or crash of
        // Pharos loses nothing: the commit is the database's. Only a crash of the database server (or
        // its machine) within wal_writer_delay (200 ms by default) of an answer loses that page, and
        // the agent, whose cursor moved on, sends those rows again only when they change: an accepted
        // risk for results the agent recorded, against a push several times slower. Other transactions
        // keep their own synchronous_commit.
        await client.query(BEGIN_UNFLUSHED);
        const answered: Partial<Record<SyncTableName, TableOutcome>> = {};
        // Parents first, so a page holding canaries and their checks stores both.
        for (const name of SYNC_TABLE_NAMES) {
          const rows = tables.get(name);
          if (rows) answered[name] = await applyTablePage(client, name, rows, agent, pacing);
        }
        await client.query('commit');
        return answered;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    } catch (error) {
      if (attempt >= ATTEMPTS || !isRetried(error)) throw error;
    }
  }
}

function parsePush(body: unknown): Map<SyncTableName, PushRow[]> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new RouteError(400, 'VALIDATION_FAILED', `The body must be a JSON object mapping table names (${SYNC_TABLE_NAMES.join(', ')}) to lists of rows`);
  }
  const tables = new Map<SyncTableName, PushRow[]>();
  for (const [name, rows] of Object.entries(body)) {
    if (!isSyncTableName(name)) throw new RouteError(400, 'VALIDATION_FAILED', `"${name}" cannot be pushed: the tables an agent pushes are ${SYNC_TABLE_NAMES.join(', ')}`);
    if (!Array.isArray(rows)) throw new RouteError(400, 'VALIDATION_FAILED', `${name} must be a list of rows`);
    if (rows.length > PUSH_PAGE_SIZE) {
      throw new RouteError(413, 'PAGE_TOO_LARGE', `${name} has ${rows.length} rows: push at most ${PUSH_PAGE_SIZE} rows of a table at once`);
    }
    try {
      checkRows(name, rows);
    } catch (error) {
      if (error instanceof PushInputError) throw new RouteError(400, 'VALIDATION_FAILED', error.message);
      throw error;
    }
    tables.set(name, rows as PushRow[]);
  }
  return tables;
}

const PUSH_SCHEMA = {
  tags: ['agents'],
  summary: "Store rows of the calling agent's tables (agent tokens only)",
  body: {
    type: 'object',
    description: `Table name (${SYNC_TABLE_NAMES.join(', ')}) → rows, at most ${PUSH_PAGE_SIZE} rows of a table at once`,
    additionalProperties: { type: 'array', items: { type: 'object', additionalProperties: true } },
  },
  response: answers({
    200: 'Per table, what was stored, what was refused and which parents upstream lacks',
    ...REFUSALS,
    403: 'Only an agent token may push',
    413: 'Too many rows of a table, or too large a body',
    503: 'Too many pushes at once: retry after the Retry-After seconds',
  }),
} as const;

/** A push's body as it came: parsed when no person's request is in flight or once its turn came, never for a push refused. */
class PushBody {
  constructor(readonly text: string) {}
}

function parseBody(body: unknown): unknown {
  if (!(body instanceof PushBody)) return body;
  try {
    return parseJsonWithin(body.text);
  } catch (error) {
    if (error instanceof JsonTooDeepError) throw new RouteError(400, 'VALIDATION_FAILED', error.message);
    throw new RouteError(400, 'VALIDATION_FAILED', `The body is not valid JSON: ${(error as Error).message}`);
  }
}

/**
 * POST /api/agent/push: rows of the caller's agent, table → rows, stored by key and marked with the
 * agent (see sync/apply-page.ts). The answer says, per table, what was stored, what was refused and
 * which parents upstream lacks. While people's requests are in flight the body is parsed in the push's
 * turn, after they were answered (parsing a page takes the event loop for milliseconds); else at once,
 * while earlier pushes store theirs.
 */
export const agentPushRoute: FastifyPluginAsync<AgentPushOptions> = async (app, { pool, gate = new PushGate(PUSHES_RUNNING, PUSHES_WAITING), readers }) => {
  app.setErrorHandler(routeErrorHandler);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, new PushBody(typeof body === 'string' ? body : body.toString('utf8'))));
  app.post('/api/agent/push', { bodyLimit: PUSH_BODY_LIMIT, schema: PUSH_SCHEMA, ...CHECKED_IN_CODE }, async (request, reply) => {
    if (!callerOf(request).agentId) throw new RouteError(403, '42501', AGENT_ROUTE_ONLY);
    const read = async (atOnce: boolean) => {
      const tables = parsePush(parseBody(request.body));
      const hasRows = [...tables.values()].some((rows) => rows.length > 0);
      const [single, ...more] = tables;
      // Read at once, a page of one table is also made ready for the one statement that stores it.
      const owned = atOnce && single && more.length === 0 ? prepareOwnedPage(...single) : undefined;
      return { tables, owned, agent: await callingAgent(request, pool, { received: hasRows }) };
    };
    // While no person reads the page is read at once, as an earlier push stores; else only in its turn.
    const early = readers?.recent || gate.full ? undefined : await read(true);
    try {
      return await gate.run(async () => {
        await readers?.quiet(READER_WAIT_MS);
        const { tables, owned, agent } = early ?? (await read(false));
        const outcomes = await storePage(pool, tables, owned, agent, readers);
        return { agent: { id: agent.id, name: agent.name }, tables: outcomes };
      });
    } catch (error) {
      if (!(error instanceof PushGateFull)) throw error;
      return reply.code(503).header('retry-after', String(RETRY_AFTER_S)).send(apiError('BUSY', error.message));
    }
  });
};
