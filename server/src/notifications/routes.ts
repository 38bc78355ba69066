import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { expressionRouteError, interactiveOf } from '../expressions/http.js';
import type { ExpressionSandbox } from '../expressions/sandbox.js';
import { authorize, RouteError, routeErrorHandler } from '../http/route-access.js';
import { answers, REFUSALS } from '../http/route-schema.js';
import { previewSilence, type PreviewRequest } from './preview.js';
import { SilenceError } from './silences.js';
import { rememberedOrigin } from '../system/remembered-origin.js';

export interface NotificationRoutesOptions {
  pool: pg.Pool;
  sandbox: ExpressionSandbox;
  publicUrl: string | undefined;
}

const PREVIEW_BODY = {
  type: 'object',
  properties: {
    filter: { type: ['string', 'null'] },
    selectors: { type: ['array', 'null'] },
    notification_id: { type: ['string', 'null'], format: 'uuid' },
    from: { type: ['string', 'null'] },
    until: { type: ['string', 'null'] },
  },
} as const;

const PREVIEW_SCHEMA = {
  tags: ['notifications'],
  summary: 'The recent sends a silence would have muted',
  body: PREVIEW_BODY,
  response: answers({ 200: 'The sends the silence matches', ...REFUSALS }),
} as const;

/** POST /api/notifications/silences/preview: the recent sends a silence would have muted. */
export const notificationRoutes: FastifyPluginAsync<NotificationRoutesOptions> = async (app, { pool, sandbox, publicUrl }) => {
  app.setErrorHandler(routeErrorHandler);

  app.post<{ Body: PreviewRequest }>('/api/notifications/silences/preview', { schema: PREVIEW_SCHEMA }, async (request, reply) => {
    const caller = authorize(request, 'notifications', 'read');
    try {
      return await previewSilence(pool, sandbox, request.body ?? {}, publicUrl ?? (await rememberedOrigin(pool)), interactiveOf(caller, reply));
    } catch (error) {
      if (error instanceof SilenceError) throw new RouteError(400, 'VALIDATION_FAILED', error.message);
      throw expressionRouteError(error, 'filter') ?? error;
    }
  });
};
