import { isRecord } from '@pharos/core';
import { authorization, baseUrl, endpoint, field, RemoteError, required, requestJson } from './http.js';
import type { ClientTarget, ResponderClient } from './types.js';

/**
 * ServiceNow through the Table API: an incident row (POST /api/now/table/incident), followed by its
 * state (GET /api/now/table/incident/{sys_id}). The connection's URL is the instance
 * (https://<name>.service-now.com), its username and password a user with the itil role.
 * correlation_id carries the responder's id, so a retry after a lost answer finds the incident
 * created the first time instead of opening another.
 */

const FIELDS = 'sys_id,number,state';
const table = (target: ClientTarget, path = ''): string => endpoint(baseUrl(target.connection), `/api/now/table/incident${path}`);
const request = (target: ClientTarget) => ({ headers: authorization(target.connection), signal: target.signal });

function resultOf(body: unknown): Record<string, unknown> {
  const result = isRecord(body) ? body['result'] : undefined;
  if (Array.isArray(result)) return isRecord(result[0]) ? result[0] : {};
  if (isRecord(result)) return result;
  throw new RemoteError('ServiceNow answered without result');
}

/** Incident states: 1 New, 2 In Progress, 3 On Hold, 6 Resolved, 7 Closed, 8 Canceled. */
export function serviceNowState(state: string) {
  const value = Number(state);
  return { acknowledged: value >= 2, resolved: value >= 6, closed: value === 7 || value === 8 };
}

export const serviceNowClient: ResponderClient = {
  async create(target, responder) {
    const { fields } = target;
    if (responder.sync_attempts > 0) {
      const query = new URLSearchParams({ sysparm_query: `correlation_id=${responder.id}`, sysparm_fields: FIELDS, sysparm_limit: '1' });
      const found = (await requestJson(`${table(target)}?${query}`, request(target))).body;
      const earlier = resultOf(found);
      if (typeof earlier['sys_id'] === 'string') return { externalId: earlier['sys_id'], properties: { number: String(earlier['number'] ?? '') } };
    }
    const body = {
      short_description: required(fields, 'description'),
      description: required(fields, 'body'),
      category: required(fields, 'category'),
      correlation_id: responder.id,
      correlation_display: 'Pharos',
      ...(fields['urgency'] ? { urgency: fields['urgency'] } : {}),
      ...(fields['impact'] ? { impact: fields['impact'] } : {}),
      ...(fields['assignment_group'] ? { assignment_group: fields['assignment_group'] } : {}),
    };
    const { body: answer } = await requestJson(`${table(target)}?sysparm_fields=${FIELDS}`, { ...request(target), method: 'POST', body });
    const result = resultOf(answer);
    return { externalId: field(result, 'sys_id', 'ServiceNow'), properties: { number: String(result['number'] ?? '') } };
  },

  async follow(target, sysId) {
    const { body } = await requestJson(`${table(target, `/${encodeURIComponent(sysId)}`)}?sysparm_fields=${FIELDS}`, request(target));
    return serviceNowState(field(resultOf(body), 'state', 'ServiceNow'));
  },
};
