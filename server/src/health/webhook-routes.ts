import { envVarText, isRecord } from '@pharos/core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { RouteError, routeErrorHandler } from '../http/route-access.js';
import { answers, BODY_OPTIONAL, CHECKED_IN_CODE, textParams } from '../http/route-schema.js';
import { safeEqual } from '../http/same-secret.js';
import { resolveValue } from '../secret-store/resolve.js';
import { CHILD_OF, childStatuses } from './child-checks.js';
import { applyExpressions } from './evaluate.js';
import { saveStatuses, type CanaryRunOptions, type CheckRow, type StatusRow } from './run-canary.js';
import type { CheckOutcome } from './runners/index.js';

/** Largest body a push may carry. */
const MAX_BODY = 1024 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The token a pusher sent: `?token=`, the `Webhook-Token` header (as canary-checker reads them) or a bearer token. */
function sentToken(request: FastifyRequest<{ Querystring: { token?: string } }>): string {
  const header = request.headers['webhook-token'];
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
  return request.query.token ?? (typeof header === 'string' ? header : undefined) ?? bearer ?? '';
}

/** Headers that carry the token: never kept with the status, which every reader of checks sees. */
const TOKEN_HEADERS: ReadonlySet<string> = new Set(['webhook-token', 'authorization']);

/** What the pushed request gives the check's expressions: headers (but the token's), and json (a JSON object) or content (any other body). */
function variablesOf(request: FastifyRequest): Record<string, unknown> {
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !TOKEN_HEADERS.has(name)).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]));
  const body: unknown = request.body;
  if (/^application\/([\w.+-]+\+)?json\b/i.test(request.headers['content-type'] ?? '')) {
    if (!isRecord(body)) throw new RouteError(400, 'VALIDATION_FAILED', 'The body must be a JSON object');
    return { headers, json: body };
  }
  return { headers, content: typeof body === 'string' ? body : '' };
}

const PUSH_SCHEMA = {
  tags: ['health'],
  summary: 'Push the result of a webhook check',
  description: 'Authenticated with the check’s own token (?token=, the Webhook-Token header or a bearer token) when its spec sets one.',
  security: [],
  params: { ...textParams('id'), description: 'The check’s id or name' },
  querystring: { type: 'object', properties: { token: { type: 'string' } } },
  consumes: ['application/json', 'text/plain'],
  body: { description: 'A JSON object (json in the check’s expressions) or any text (content)' },
  ...BODY_OPTIONAL,
  response: answers({
    200: 'Stored: {message, status, output, error}',
    400: 'A JSON body is not an object',
    401: 'invalid webhook token',
    404: 'No webhook check of that id or name',
    409: 'More than one webhook check has that name',
  }),
} as const;

/**
 * `POST /api/canary/webhook/{name or id}` (canary-checker's `/webhook/:id`): a webhook check's result,
 * pushed by another system with the check's `token` (`?token=`, `Webhook-Token` or a bearer header),
 * no session needed. The push passes unless the check's `test` says otherwise; it is written as a
 * check status like a run's, so the check's state, roll-ups and events follow, and the checks its
 * `transform` makes are created, updated and removed as a scheduled run's are. Those checks take no
 * pushes of their own.
 */
export const webhookRoutes: FastifyPluginAsync<CanaryRunOptions> = async (app, options) => {
  app.setErrorHandler(routeErrorHandler);
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_BODY }, (_request, body, done) => done(null, body));

  app.post<{ Params: { id: string }; Querystring: { token?: string } }>('/api/canary/webhook/:id', { bodyLimit: MAX_BODY, schema: PUSH_SCHEMA, ...CHECKED_IN_CODE }, async (request) => {
    const key = request.params.id;
    const { rows } = await options.pool.query<CheckRow>(
      `SELECT c.id, c.type, c.name, c.namespace, c.spec FROM checks c JOIN canaries k ON k.id = c.canary_id
        WHERE c.type = 'webhook' AND c.deleted_at IS NULL AND k.deleted_at IS NULL AND NOT c.spec ? '${CHILD_OF}' AND ${UUID.test(key) ? '(c.id::text = lower($1) OR c.name = $1)' : 'c.name = $1'}
        LIMIT 2`,
      [key],
    );
    const [check, other] = rows;
    if (!check) throw new RouteError(404, 'NOT_FOUND', `No webhook check ${key}`);
    if (other) throw new RouteError(409, 'CONFLICT', `More than one webhook check is named ${key}: push to its id, or give the webhooks unique names`);
    const tokenText = envVarText(check.spec['token']);
    const expected = tokenText === undefined ? '' : await resolveValue(options.pool, options.secrets, tokenText, check.namespace ?? 'default');
    if (expected && !safeEqual(sentToken(request), expected)) throw new RouteError(401, 'UNAUTHORIZED', 'invalid webhook token');
    const pushed: CheckOutcome = { pass: true, duration: 0, data: variablesOf(request) };
    const outcome = await applyExpressions(options.sandbox, check.spec, pushed);
    const status: StatusRow = { checkId: check.id, time: new Date(), outcome, invalid: outcome.invalid === true };
    await saveStatuses(options.pool, [status, ...(await childStatuses(options.pool, check, status))]);
    return { message: 'ok', status: outcome.pass ? 'healthy' : 'unhealthy', output: outcome.message ?? null, error: outcome.error ?? null };
  });
};
