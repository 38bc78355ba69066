import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import pg from 'pg';
import { DATABASE_RETRY_AFTER_S } from '../db/unavailable.js';
import { answeredDatabaseUnavailable } from '../http/database-unavailable.js';
import { RestError, statusForSqlState } from './errors.js';

/** PostgreSQL's words for a text that is no uuid; answered in the product's. */
const UUID_SYNTAX = /^invalid input syntax for type uuid: "(.*)"$/s;

/** Every failure of the data service answers in PostgREST's shape. */
export function handleError(error: FastifyError | RestError, request: FastifyRequest, reply: FastifyReply): void {
  if (answeredDatabaseUnavailable(error, reply)) return;
  let rest: RestError;
  if (error instanceof RestError) {
    rest = error;
  } else if (error instanceof pg.DatabaseError && error.code === '22P02' && UUID_SYNTAX.test(error.message)) {
    const value = UUID_SYNTAX.exec(error.message)![1]!;
    rest = new RestError(400, '22P02', `'${value}' is not a valid id: a UUID is expected`, null, 'Ids look like 3f2b8c1e-5d4a-4e7b-9c21-8a6f0d2e4b17.');
  } else if (error instanceof pg.DatabaseError && error.code !== undefined) {
    rest = new RestError(statusForSqlState(error.code), error.code, error.message, error.detail ?? null, error.hint ?? null);
  } else if (error.validation === undefined && (error.statusCode === 400 || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')) {
    rest = new RestError(400, 'PGRST102', 'Empty or invalid json', error.message);
  } else if (error.statusCode === 415) {
    rest = new RestError(415, 'PGRST102', error.message, null, 'Send the body as application/json.');
  } else if (error.statusCode === 413) {
    rest = new RestError(413, 'PGRST102', error.message);
  } else {
    request.log.error({ err: error }, 'data service request failed');
    rest = new RestError(500, 'PGRST000', 'Internal server error');
  }
  if (rest.status >= 500) request.log.error({ err: error }, 'data service request failed');
  if (rest.status === 503) void reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
  void reply.code(rest.status).type('application/json; charset=utf-8').send(JSON.stringify(rest));
}
