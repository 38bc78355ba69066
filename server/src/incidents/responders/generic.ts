import { isRecord } from '@pharos/core';
import { authorization, baseUrl, endpoint, field, required, requestJson } from './http.js';
import type { ClientTarget, RemoteState, ResponderClient } from './types.js';

/**
 * CA, Red Hat, Oracle and VMware support cases. None of these vendors documents one public HTTP API a
 * team can reach with a URL and a credential (My Oracle Support and Broadcom's VMware and CA support
 * portals have no public case API; Red Hat's case API needs its own SSO exchange; CA Service Desk
 * Manager's REST API is per installation), so these types speak one documented generic form to the
 * connection's URL — typically a gateway or integration the team runs in front of its vendor:
 *
 *   POST {url}/cases   {type, product?, category, description, body, incident: {id, title, severity}}
 *                       with Idempotency-Key: <responder id>        → 2xx {id, status?}
 *   GET  {url}/cases/{id}                                           → 2xx {id, status}
 *
 * status: open | acknowledged | in_progress | resolved | closed. Auth: Basic with the connection's
 * username and password, or Bearer with only a password.
 */

const request = (target: ClientTarget) => ({ headers: authorization(target.connection), signal: target.signal });

export function genericState(status: string): RemoteState {
  const value = status.toLowerCase();
  const closed = value === 'closed';
  const resolved = closed || value === 'resolved';
  return { acknowledged: resolved || value === 'acknowledged' || value === 'in_progress', resolved, closed };
}

export function genericClient(type: string, withProduct: boolean): ResponderClient {
  return {
    async create(target, responder) {
      const { fields } = target;
      const body = {
        type,
        ...(withProduct ? { product: required(fields, 'product') } : {}),
        category: required(fields, 'category'),
        description: required(fields, 'description'),
        body: required(fields, 'body'),
        incident: { id: responder.incident.incident_id ?? responder.incident.id, title: responder.incident.title, severity: responder.incident.severity },
      };
      const answer = await requestJson(endpoint(baseUrl(target.connection), '/cases'), { ...request(target), method: 'POST', headers: { ...request(target).headers, 'idempotency-key': responder.id }, body });
      return { externalId: field(answer.body, 'id', type) };
    },

    async follow(target, id) {
      const { body } = await requestJson(endpoint(baseUrl(target.connection), `/cases/${encodeURIComponent(id)}`), request(target));
      return genericState(isRecord(body) && typeof body['status'] === 'string' ? body['status'] : 'open');
    },
  };
}
