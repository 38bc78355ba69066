import type pg from 'pg';
import type { JobDefinition, JobOutcome } from '../../engine/job.js';
import type { EventHandler } from '../../events/types.js';
import type { ServerSecrets } from '../../secrets/server-secrets.js';
import { RESPONDER_CLIENTS, clientOf } from './clients.js';
import { RemoteError } from './http.js';
import { fieldsOf, teamClient } from './team-client.js';
import type { Created, RemoteState, ResponderRow } from './types.js';
import { timeoutSignal } from '../../modules/timeout-signal.js';

export const RESPONDER_SYNC = 'IncidentResponders';

export interface ResponderSyncOptions {
  pool: pg.Pool;
  secrets: ServerSecrets;
  /** How often new team responders are created and open ones followed (default `@every 30s`). */
  schedule?: string;
  /** First wait after a failure, doubled at each failure in a row up to an hour (default 30 s). */
  retryBaseMs?: number;
}

export const DEFAULT_RESPONDER_SCHEDULE = '@every 30s';
const DEFAULT_RETRY_BASE_MS = 30_000;
const MAX_RETRY_MS = 3_600_000;
/** Responders handled side by side, each in its own transaction. */
const WORKERS = 3;
/** Most responders one run handles; the rest wait for the next tick. */
const MAX_PER_RUN = 500;

const FOLLOWED_TYPES = Object.entries(RESPONDER_CLIENTS).filter(([, client]) => client.follow).map(([type]) => type);

/**
 * The next team responder due, locked for this transaction: one not yet created in its client
 * system, or one whose remote item is still open and has not been read in this run. SKIP LOCKED and
 * the lock held until the outcome is written make sure two processes (or two ticks) never create the
 * same ticket twice.
 */
const NEXT_DUE = `
  SELECT r.id, r.incident_id, r.team_id, r.external_id, r.properties, r.acknowledge_time, r.signoff_time, r.close_time, r.sync_attempts,
         jsonb_build_object('id', i.id, 'incident_id', i.incident_id, 'title', i.title, 'description', i.description, 'severity', i.severity) AS incident
    FROM responders r
    JOIN incidents i ON i.id = r.incident_id
   WHERE r.type = 'system' AND r.team_id IS NOT NULL AND r.deleted_at IS NULL AND r.close_time IS NULL
     AND (r.external_id IS NULL OR r.properties->>'responderType' = ANY($2))
     AND (r.next_sync_at IS NULL OR r.next_sync_at <= now())
     AND (r.synced_at IS NULL OR r.synced_at < $1)
     AND ($3::uuid IS NULL OR r.id = $3)
   ORDER BY r.synced_at NULLS FIRST, r.created_at
   LIMIT 1
     FOR UPDATE OF r SKIP LOCKED`;

const CREATED = `
  UPDATE responders SET external_id = $2, properties = (properties - 'error') || $3::jsonb,
         sync_attempts = 0, next_sync_at = NULL, synced_at = clock_timestamp()
   WHERE id = $1`;

/** Each time is set once, when the remote item first reaches that point; a later point implies the earlier ones. */
const FOLLOWED = `
  UPDATE responders SET
         acknowledge_time = coalesce(acknowledge_time, CASE WHEN $2 OR $3 OR $4 THEN now() END),
         signoff_time = coalesce(signoff_time, CASE WHEN $3 OR $4 THEN now() END),
         close_time = coalesce(close_time, CASE WHEN $4 THEN now() END),
         properties = properties - 'error', sync_attempts = 0, next_sync_at = NULL, synced_at = clock_timestamp()
   WHERE id = $1`;

const FAILED = `
  UPDATE responders SET properties = properties || jsonb_build_object('error', $2::text),
         sync_attempts = sync_attempts + 1, next_sync_at = now() + make_interval(secs => $3::float8 / 1000), synced_at = clock_timestamp()
   WHERE id = $1`;

/** Remote comments become the incident's comments on its root hypothesis, once each. */
const COMMENT = `
  INSERT INTO comments (incident_id, hypothesis_id, responder_id, comment, external_id, external_created_by)
  VALUES ($1, (SELECT id FROM hypotheses WHERE incident_id = $1 AND type = 'root' ORDER BY created_at LIMIT 1), $2, $3, $4, $5)
  ON CONFLICT (responder_id, external_id) WHERE responder_id IS NOT NULL AND external_id IS NOT NULL DO NOTHING`;

export function retryDelayMs(attempts: number, baseMs = DEFAULT_RETRY_BASE_MS): number {
  return Math.min(baseMs * 2 ** Math.min(attempts, 20), MAX_RETRY_MS);
}

type Outcome = { ok: true } | { ok: false; error: string };

/** Creates or follows one responder's remote item; what went wrong is the outcome, not a throw. */
async function reach(options: ResponderSyncOptions, db: pg.PoolClient, responder: ResponderRow, signal: AbortSignal): Promise<Outcome> {
  const type = String(responder.properties['responderType'] ?? '');
  try {
    const client = clientOf(type);
    if (!client) throw new RemoteError(type ? `'${type}' is not a responder client type` : 'the responder has no responderType');
    const team = await teamClient(options.pool, options.secrets, responder.team_id, type);
    const target = { connection: team.connection, fields: fieldsOf(team.defaults, responder.properties), signal };
    if (responder.external_id === null) {
      const created: Created = await client.create(target, responder);
      await db.query(CREATED, [responder.id, created.externalId, created.properties ?? {}]);
      return { ok: true };
    }
    const state: RemoteState = await client.follow!(target, responder.external_id);
    await db.query(FOLLOWED, [responder.id, state.acknowledged, state.resolved, state.closed]);
    for (const comment of state.comments ?? []) await db.query(COMMENT, [responder.incident_id, responder.id, comment.body, comment.id, comment.author]);
    return { ok: true };
  } catch (error) {
    if (signal.aborted) throw error;
    const message = error instanceof RemoteError ? error.message : `${type}: ${(error as Error).message}`;
    await db.query(FAILED, [responder.id, message, retryDelayMs(responder.sync_attempts, options.retryBaseMs)]);
    return { ok: false, error: message };
  }
}

/** Takes the next due responder and handles it in one transaction; false when none is due. */
async function handleNext(options: ResponderSyncOptions, runStart: Date, signal: AbortSignal, outcomes: Outcome[], only: string | null = null): Promise<boolean> {
  const db = await options.pool.connect();
  try {
    await db.query('BEGIN');
    const { rows } = await db.query<ResponderRow>(NEXT_DUE, [runStart, FOLLOWED_TYPES, only]);
    const responder = rows[0];
    if (!responder) {
      await db.query('COMMIT');
      return false;
    }
    outcomes.push(await reach(options, db, responder, signal));
    await db.query('COMMIT');
    return true;
  } catch (error) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    db.release();
  }
}

/** One pass: every due team responder created or followed once. */
export async function syncResponders(options: ResponderSyncOptions, signal: AbortSignal = new AbortController().signal): Promise<JobOutcome> {
  const runStart = new Date();
  const outcomes: Outcome[] = [];
  const worker = async (): Promise<void> => {
    while (!signal.aborted && outcomes.length < MAX_PER_RUN && (await handleNext(options, runStart, signal, outcomes)));
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  const errors = outcomes.flatMap((outcome) => (outcome.ok ? [] : [outcome.error]));
  return { successCount: outcomes.length - errors.length, errorCount: errors.length, ...(errors.length > 0 ? { details: { errors: errors.slice(0, 20) } } : {}) };
}

/**
 * A consumer of responder.created: the new team responder's ticket is created at once instead of at
 * the job's next tick. A responder the job holds already is skipped (the lock decides), and a failure
 * is kept on the row for the job to retry, so the event itself never fails.
 */
export function responderCreatedHandler(options: ResponderSyncOptions): EventHandler {
  return async (event) => {
    if (event.properties['type'] !== 'system') return;
    const { rows } = await options.pool.query<{ responder_id: string | null }>(`SELECT responder_id FROM incident_histories WHERE id = $1`, [event.subjectId]);
    const responderId = rows[0]?.responder_id;
    if (responderId) await handleNext(options, new Date(), timeoutSignal(50_000), [], responderId);
  };
}

export function responderSyncJob(options: ResponderSyncOptions): JobDefinition {
  return { name: RESPONDER_SYNC, maxAttempts: 1, run: (_payload, context) => syncResponders(options, context.signal) };
}
