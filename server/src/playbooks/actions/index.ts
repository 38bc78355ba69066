import { httpCheck, sqlCheck } from '../../health/runners/index.js';
import type { CheckRunner } from '../../health/runners/types.js';
import type { ActionKind } from '../spec.js';
import { execAction } from './exec.js';
import { gitopsAction } from './gitops.js';
import { logsAction } from './logs.js';
import { notificationAction } from './notification.js';
import type { ActionContext, ActionOutcome, ActionRunner } from './types.js';

/** The health check runners do the work of the same playbook actions: a script, a request, a query. */
function fromCheck(runner: CheckRunner): ActionRunner {
  return async (body, context): Promise<ActionOutcome> => {
    const outcome = await runner(body, context);
    return { ok: outcome.pass, result: outcome.data, ...(outcome.error ? { error: outcome.error } : {}) };
  };
}

/** Action kinds Pharos runs. */
export const ACTION_RUNNERS: Partial<Record<ActionKind, ActionRunner>> = {
  exec: execAction,
  http: fromCheck(httpCheck),
  sql: fromCheck(sqlCheck),
  notification: notificationAction,
  gitops: gitopsAction,
  logs: logsAction,
};

/** Kinds that need a Kubernetes cluster or a cloud account: their actions are skipped, saying so. */
const NEEDS_ELSEWHERE: Partial<Record<ActionKind, string>> = {
  pod: 'pod actions need a Kubernetes cluster, which Pharos is not connected to',
  github: 'github actions need a GitHub account connection, which Pharos does not run yet',
  azureDevopsPipeline: 'azureDevopsPipeline actions need an Azure DevOps account connection, which Pharos does not run yet',
};

/** Why an action of this kind is skipped instead of run, if it is. */
export function whySkipped(kind: ActionKind): string | undefined {
  if (ACTION_RUNNERS[kind]) return undefined;
  return NEEDS_ELSEWHERE[kind] ?? `${kind} actions are not run by Pharos yet`;
}

/**
 * Runs an action's rendered fields with the runner of its kind: the one way an action runs, on this
 * server or on an agent. A kind Pharos does not run fails saying why.
 */
export function executeAction(kind: ActionKind, body: Record<string, unknown>, context: ActionContext): Promise<ActionOutcome> {
  const runner = ACTION_RUNNERS[kind];
  if (!runner) return Promise.resolve({ ok: false, result: {}, error: whySkipped(kind) ?? `${kind} actions are not run by Pharos` });
  return runner(body, context);
}
