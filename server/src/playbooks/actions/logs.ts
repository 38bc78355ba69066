import { parseLogsRequest } from '../../logs/request.js';
import { logSourceOf } from '../../logs/sources.js';
import { findTarget } from '../../logs/target.js';
import type { ActionOutcome, ActionRunner } from './types.js';

/**
 * `logs`: lines of a log backend, as POST /api/logs finds them — a component `id` (and the `name` of
 * one of its log selectors) or a backend's `name`, a `query`, `labels`, `start`/`end` and `limit` —
 * kept with the result as `logs` (newest first) and `count`, for the next actions and the run page.
 */
export const logsAction: ActionRunner = async (body, context): Promise<ActionOutcome> => {
  if (!context.pool) return { ok: false, result: {}, error: 'log backends cannot be read here: there is no database to find them in' };
  try {
    const search = parseLogsRequest(body);
    const target = await findTarget(context.pool, search);
    const source = await logSourceOf({ pool: context.pool, secrets: context.secrets }, target.backend);
    const page = await source.search({ ...search, labels: { ...target.labels, ...search.labels } }, context.signal);
    return { ok: true, result: { logs: page.results, count: page.results.length, ...(page.nextPage ? { nextPage: page.nextPage } : {}) } };
  } catch (error) {
    return { ok: false, result: {}, error: (error as Error).message };
  }
};
