import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { isUuid } from '@pharos/core';
import { callerOf, RouteError, routeErrorHandler } from '../http/route-access.js';
import { answers, CHECKED_IN_CODE, REFUSALS, UUID } from '../http/route-schema.js';
import { AGENT_REPORT_STATUSES } from '../playbooks/agent-actions/payload.js';
import { AgentActionSignals } from '../playbooks/agent-actions/action-signals.js';
import { claimAgentAction } from '../playbooks/agent-actions/claim.js';
import { AgentReportError, parseAgentReport, reportAgentAction } from '../playbooks/agent-actions/report.js';
import type { PlaybookOptions } from '../playbooks/run-context.js';

/** Longest a poll is held, and the default. */
export const MAX_POLL_WAIT_SECONDS = 30;
/** A held poll looks again this often even without a NOTIFY (a lost listener connection, a retry come due). */
const RECHECK_MS = 5_000;

/** A report carries the action's output and artifacts (up to 20 of 256 KiB each, base64 when not text). */
const REPORT_BODY_LIMIT = 8 * 1024 * 1024;

export const AGENT_ONLY = "Only an agent's access token may take and report playbook actions (create one under Settings → Agents)";

/** The calling agent's id; any other caller is refused. */
function agentOf(request: FastifyRequest): string {
  const { agentId } = callerOf(request);
  if (!agentId) throw new RouteError(403, '42501', AGENT_ONLY);
  return agentId;
}

/** `?wait=` in whole seconds, 0 to 30; 30 when absent. */
function waitSecondsOf(value: unknown): number {
  if (value === undefined || value === '') return MAX_POLL_WAIT_SECONDS;
  const seconds = typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : Number.NaN;
  if (!(seconds >= 0 && seconds <= MAX_POLL_WAIT_SECONDS)) throw new RouteError(400, 'VALIDATION_FAILED', `wait must be a whole number of seconds from 0 to ${MAX_POLL_WAIT_SECONDS}`);
  return seconds;
}

const TAKE_SCHEMA = {
  tags: ['agents'],
  summary: 'Take the next playbook action waiting for the calling agent, waiting for one up to wait seconds (agent tokens only)',
  querystring: { type: 'object', properties: { wait: { type: 'integer', minimum: 0, maximum: MAX_POLL_WAIT_SECONDS, description: `Seconds to wait, ${MAX_POLL_WAIT_SECONDS} when absent` } } },
  response: answers({ 200: 'The action, claimed by the agent', 204: 'No action came within wait seconds', ...REFUSALS, 403: 'Not an agent token' }),
} as const;

const REPORT_SCHEMA = {
  tags: ['agents'],
  summary: 'Report a playbook action running, completed or failed (agent tokens only)',
  params: { type: 'object', required: ['id'], properties: { id: UUID } },
  body: {
    type: 'object',
    required: ['status'],
    additionalProperties: false,
    properties: {
      status: { type: 'string', enum: [...AGENT_REPORT_STATUSES] },
      result: { type: 'object', additionalProperties: true, description: 'stdout, stderr, exitCode …; with completed or failed' },
      error: { type: 'string', description: 'Why it failed; only with failed' },
    },
  },
  response: answers({ 200: 'The status of the action', ...REFUSALS, 403: 'Not an agent token, or not this agent’s action', 404: 'No such action', 409: 'The action cannot take this report now' }),
} as const;

/**
 * What an agent calls to run playbook actions given `runsOn` it: `GET /api/agent/playbook/action`
 * holds until an action waits for it (up to `wait` seconds; 204 when none came) and answers it
 * claimed; `POST /api/agent/playbook/action/{id}/status` reports it running, completed or failed.
 */
export const agentPlaybookActionRoutes: FastifyPluginAsync<PlaybookOptions> = async (app, options) => {
  app.setErrorHandler(routeErrorHandler);
  const signals = new AgentActionSignals(options.pool, app.log);
  app.addHook('onClose', () => signals.close());
  const closing = new AbortController();
  app.addHook('preClose', () => closing.abort());

  app.get<{ Querystring: { wait?: string } }>('/api/agent/playbook/action', { schema: TAKE_SCHEMA, ...CHECKED_IN_CODE }, async (request, reply) => {
    const agentId = agentOf(request);
    const deadline = Date.now() + waitSecondsOf(request.query.wait) * 1000;
    // A poll shows the agent is alive, as a push does.
    await options.pool.query('UPDATE agents SET last_seen = now() WHERE id = $1', [agentId]);
    const gone = new AbortController();
    reply.raw.on('close', () => gone.abort());
    const stop = AbortSignal.any([gone.signal, closing.signal]);
    for (;;) {
      const waiter = signals.waiter(agentId);
      const action = await claimAgentAction(options, agentId).catch((error: unknown) => {
        waiter.cancel();
        throw error;
      });
      if (action) {
        waiter.cancel();
        return reply.header('cache-control', 'no-store').send(action);
      }
      const left = deadline - Date.now();
      if (left <= 0 || stop.aborted) {
        waiter.cancel();
        return reply.code(204).send();
      }
      await waiter.until(Math.min(left, RECHECK_MS), stop);
    }
  });

  app.post<{ Params: { id: string } }>('/api/agent/playbook/action/:id/status', { bodyLimit: REPORT_BODY_LIMIT, schema: REPORT_SCHEMA, ...CHECKED_IN_CODE }, async (request) => {
    const agentId = agentOf(request);
    const { id } = request.params;
    if (!isUuid(id)) throw new RouteError(404, 'NOT_FOUND', `No playbook action ${id}`);
    try {
      return { status: await reportAgentAction(options, agentId, id, parseAgentReport(request.body)) };
    } catch (error) {
      if (error instanceof AgentReportError) throw new RouteError(error.status, error.status === 400 ? 'VALIDATION_FAILED' : error.status === 404 ? 'NOT_FOUND' : error.status === 403 ? '42501' : 'CONFLICT', error.message);
      throw error;
    }
  });
};
