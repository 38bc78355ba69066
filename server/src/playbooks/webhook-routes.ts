import { envVarText, isRecord } from '@pharos/core';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { JsonTooDeepError, parseJsonWithin } from '../http/json-body.js';
import { RouteError, routeErrorHandler } from '../http/route-access.js';
import { answers, BODY_OPTIONAL, CHECKED_IN_CODE, textParams } from '../http/route-schema.js';
import { safeEqual } from '../http/same-secret.js';
import { resolveValue } from '../secret-store/resolve.js';
import type { PlaybookOptions } from './run-context.js';
import { readPlaybookSpec } from './spec.js';
import { startTriggeredRun, triggeredDraft } from './start-triggered.js';

/** Largest body a webhook call may carry. */
const MAX_BODY = 1024 * 1024;

/** What templates see of the call as `.request`: method, url, query params, headers, and json (a JSON body) or content. */
function requestOf(request: FastifyRequest): Record<string, unknown> {
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name !== 'authorization').map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]));
  const body: unknown = request.body;
  let json: unknown;
  if (typeof body === 'string' && /^application\/([\w.+-]+\+)?json\b/i.test(request.headers['content-type'] ?? '')) {
    try {
      json = parseJsonWithin(body);
    } catch (error) {
      if (error instanceof JsonTooDeepError) throw new RouteError(400, 'VALIDATION_FAILED', error.message);
      throw new RouteError(400, 'VALIDATION_FAILED', 'The body is not valid JSON');
    }
  }
  return { method: request.method, url: request.url, params: request.query, headers, ...(json === undefined ? { content: typeof body === 'string' ? body : '' } : { json }) };
}

const WEBHOOK_ANSWERS = answers({
  201: 'The run started: {run_id}',
  400: 'The body is not valid JSON',
  401: 'The webhook’s credentials are missing or wrong',
  404: 'No playbook has this webhook',
  409: 'More than one playbook has this webhook',
  422: 'The playbook’s spec cannot run',
});
const WEBHOOK = {
  tags: ['playbooks'],
  description: 'Authenticated with the webhook’s own basic credentials or bearer token, when its spec sets them; templates see the call as .request.',
  security: [],
  params: textParams('path'),
} as const;

const WEBHOOK_POST_SCHEMA = {
  ...WEBHOOK,
  summary: 'Start a run of the playbook whose webhook has this path',
  consumes: ['application/json', 'text/plain'],
  body: { description: 'Any body: JSON (request.json) or text (request.content)' },
  ...BODY_OPTIONAL,
  response: WEBHOOK_ANSWERS,
} as const;

const WEBHOOK_GET_SCHEMA = {
  ...WEBHOOK,
  summary: 'Start a run of the playbook whose webhook has this path, the query as request.params',
  response: WEBHOOK_ANSWERS,
} as const;

/**
 * `POST` (or `GET`) `/api/playbook/webhook/{path}` (mission-control's `on.webhook`): another system starts a run of
 * the playbook whose `on.webhook.path` it names, without a session, proving itself with the
 * webhook's `authentication` — `basic` (username and password) or `token` (a bearer token) — when the
 * spec asks for one. The run's templates see the call as `.request`.
 */
export const playbookWebhookRoutes: FastifyPluginAsync<PlaybookOptions> = async (app, options) => {
  app.setErrorHandler(routeErrorHandler);
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_BODY }, (_request, body, done) => done(null, body));
  // Any body as text: a JSON one is parsed here, so a bad one is the caller's 400, not a crash.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: MAX_BODY }, (_request, body, done) => done(null, body));

  const handler = async (request: FastifyRequest<{ Params: { path: string } }>, reply: FastifyReply) => {
    const { rows } = await options.pool.query<{ id: string; namespace: string; spec: Record<string, unknown> }>(
      `SELECT id, namespace, spec FROM playbooks WHERE deleted_at IS NULL AND spec -> 'on' -> 'webhook' ->> 'path' = $1 LIMIT 2`,
      [request.params.path],
    );
    const [playbook, other] = rows;
    if (!playbook) throw new RouteError(404, 'NOT_FOUND', `No playbook has the webhook ${request.params.path}`);
    if (other) throw new RouteError(409, 'CONFLICT', `More than one playbook has the webhook ${request.params.path}: give them different paths`);
    const webhook = isRecord(playbook.spec['on']) && isRecord(playbook.spec['on']['webhook']) ? playbook.spec['on']['webhook'] : {};
    const authentication = isRecord(webhook['authentication']) ? webhook['authentication'] : {};
    const value = async (field: unknown): Promise<string> => {
      const text = envVarText(field);
      return text === undefined ? '' : resolveValue(options.pool, options.secrets, text, playbook.namespace);
    };
    const sent = request.headers.authorization ?? '';
    if (isRecord(authentication['basic'])) {
      const expected = `Basic ${Buffer.from(`${await value(authentication['basic']['username'])}:${await value(authentication['basic']['password'])}`).toString('base64')}`;
      if (!safeEqual(sent, expected)) throw new RouteError(401, 'UNAUTHORIZED', 'This webhook needs its username and password (basic authentication)');
    } else if (authentication['token'] !== undefined) {
      if (!safeEqual(sent, `Bearer ${await value(authentication['token'])}`)) throw new RouteError(401, 'UNAUTHORIZED', 'This webhook needs its token as a bearer token');
    }
    let spec;
    try {
      spec = readPlaybookSpec(playbook.spec);
    } catch (error) {
      throw new RouteError(422, 'VALIDATION_FAILED', `The playbook's spec cannot run: ${(error as Error).message}`);
    }
    const runId = await startTriggeredRun(options, playbook, spec, triggeredDraft(playbook, undefined, { request: requestOf(request) }));
    return reply.code(201).send({ run_id: runId });
  };
  app.post('/api/playbook/webhook/:path', { bodyLimit: MAX_BODY, schema: WEBHOOK_POST_SCHEMA, ...CHECKED_IN_CODE }, handler);
  // GET too, as mission-control's webhooks answer it (`curl …/playbook/webhook/{path}?name=world`): the query is `.request.params`.
  app.get('/api/playbook/webhook/:path', { schema: WEBHOOK_GET_SCHEMA, ...CHECKED_IN_CODE }, handler);
};
