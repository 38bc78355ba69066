import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { AUTHENTICATION_REQUIRED } from '../auth/guard.js';
import { apiError } from '../errors.js';
import { answers, CHECKED_IN_CODE } from '../http/route-schema.js';
import { PREFERENCE_KEY, PREFERENCE_MAX_BYTES, PREFERENCE_MAX_KEYS } from './limits.js';

export interface PreferenceRoutesOptions {
  pool: pg.Pool;
}

interface KeyParams {
  key: string;
}

/** Room for the JSON envelope around a value at the limit, so the clear 413 below answers rather than Fastify's. */
const BODY_LIMIT = PREFERENCE_MAX_BYTES * 4;

function callerOf(request: FastifyRequest, reply: FastifyReply): string | null {
  const personId = request.caller?.personId;
  if (!personId) {
    void reply.code(401).send(apiError('PGRST301', AUTHENTICATION_REQUIRED));
    return null;
  }
  return personId;
}

function keyOf(request: FastifyRequest<{ Params: KeyParams }>, reply: FastifyReply): string | null {
  const { key } = request.params;
  if (!PREFERENCE_KEY.test(key)) {
    void reply
      .code(400)
      .send(apiError('BAD_REQUEST', 'A preference key is 1 to 80 letters, digits or ._:/- and starts with a letter or digit'));
    return null;
  }
  return key;
}

const KEY_PARAMS = {
  type: 'object',
  required: ['key'],
  properties: { key: { type: 'string', pattern: PREFERENCE_KEY.source, description: '1 to 80 letters, digits or ._:/-, starting with a letter or digit' } },
} as const;
const TAGS = ['preferences'];
const SIGNED_IN = { 401: 'Not signed in' } as const;

const LIST_SCHEMA = {
  tags: TAGS,
  summary: 'The keys of the caller’s preferences',
  response: answers({ 200: 'The keys with when each was last written', ...SIGNED_IN }),
} as const;

const READ_SCHEMA = {
  tags: TAGS,
  summary: 'One of the caller’s preferences',
  params: KEY_PARAMS,
  response: answers({ 200: '{key, value}; value null when never written', 400: 'The key is not one', ...SIGNED_IN }),
} as const;

const WRITE_SCHEMA = {
  tags: TAGS,
  summary: 'Keep one of the caller’s preferences',
  params: KEY_PARAMS,
  body: { type: 'object', required: ['value'], properties: { value: { description: `Any JSON value, at most ${PREFERENCE_MAX_BYTES} bytes` } } },
  response: answers({
    200: '{key, value} as kept',
    400: 'The key is not one, or the body has no value',
    ...SIGNED_IN,
    409: `The caller keeps ${PREFERENCE_MAX_KEYS} preferences already`,
    413: 'The value is too large',
  }),
} as const;

const DELETE_SCHEMA = {
  tags: TAGS,
  summary: 'Forget one of the caller’s preferences',
  params: KEY_PARAMS,
  response: answers({ 204: 'Forgotten (or never kept)', 400: 'The key is not one', ...SIGNED_IN }),
} as const;

/**
 * The caller's own preferences: `GET/PUT/DELETE /api/preferences/{key}` and `GET /api/preferences`
 * (the keys). Nothing here takes a person id: every statement is bound to the session's person.
 */
export const preferenceRoutes: FastifyPluginAsync<PreferenceRoutesOptions> = async (app, { pool }) => {
  app.get('/api/preferences', { schema: LIST_SCHEMA }, async (request, reply) => {
    const personId = callerOf(request, reply);
    if (!personId) return reply;
    const { rows } = await pool.query<{ key: string; updated_at: Date }>(
      'select key, updated_at from person_preferences where person_id = $1 order by key',
      [personId],
    );
    return rows.map((row) => ({ key: row.key, updated_at: row.updated_at.toISOString() }));
  });

  app.get<{ Params: KeyParams }>('/api/preferences/:key', { schema: READ_SCHEMA, ...CHECKED_IN_CODE }, async (request, reply) => {
    const personId = callerOf(request, reply);
    const key = personId && keyOf(request, reply);
    if (!personId || !key) return reply;
    const { rows } = await pool.query<{ value: unknown }>(
      'select value from person_preferences where person_id = $1 and key = $2',
      [personId, key],
    );
    return { key, value: rows[0]?.value ?? null };
  });

  app.put<{ Params: KeyParams; Body: unknown }>('/api/preferences/:key', { bodyLimit: BODY_LIMIT, schema: WRITE_SCHEMA, ...CHECKED_IN_CODE }, async (request, reply) => {
    const personId = callerOf(request, reply);
    const key = personId && keyOf(request, reply);
    if (!personId || !key) return reply;
    const body = request.body;
    if (typeof body !== 'object' || body === null || !('value' in body)) {
      return reply.code(400).send(apiError('BAD_REQUEST', 'Send {"value": …} with the JSON value to keep'));
    }
    const text = JSON.stringify(body.value ?? null);
    if (Buffer.byteLength(text) > PREFERENCE_MAX_BYTES) {
      return reply
        .code(413)
        .send(apiError('PAYLOAD_TOO_LARGE', `A preference is at most ${PREFERENCE_MAX_BYTES} bytes of JSON; this one is ${Buffer.byteLength(text)}`));
    }
    // One statement: the count and the write see the same rows, so parallel writes cannot pass the bound together
    // by more than the rows they race on.
    const { rowCount } = await pool.query(
      `insert into person_preferences (person_id, key, value)
       select $1, $2, $3::jsonb
        where exists (select 1 from person_preferences where person_id = $1 and key = $2)
           or (select count(*) from person_preferences where person_id = $1) < $4
       on conflict (person_id, key) do update set value = excluded.value, updated_at = now()`,
      [personId, key, text, PREFERENCE_MAX_KEYS],
    );
    if (rowCount === 0) {
      return reply
        .code(409)
        .send(apiError('TOO_MANY_PREFERENCES', `You keep ${PREFERENCE_MAX_KEYS} preferences already; delete one before adding another`));
    }
    return { key, value: body.value ?? null };
  });

  app.delete<{ Params: KeyParams }>('/api/preferences/:key', { schema: DELETE_SCHEMA, ...CHECKED_IN_CODE }, async (request, reply) => {
    const personId = callerOf(request, reply);
    const key = personId && keyOf(request, reply);
    if (!personId || !key) return reply;
    await pool.query('delete from person_preferences where person_id = $1 and key = $2', [personId, key]);
    return reply.code(204).send();
  });
};
