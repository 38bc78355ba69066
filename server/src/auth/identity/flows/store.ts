import { randomUUID } from 'node:crypto';
import type { FlowBinding } from '../csrf.js';
import type { Db } from '../identities.js';
import type { UiContainer } from '../nodes.js';
import type { Aal } from '../sessions.js';

export type FlowType = 'login' | 'registration' | 'settings' | 'recovery' | 'verification';

export interface FlowRow {
  id: string;
  type: FlowType;
  state: string;
  request_url: string;
  return_to: string | null;
  ui: UiContainer;
  csrf_token: string;
  csrf_secret_hash: string | null;
  identity_id: string | null;
  requested_aal: Aal;
  refresh: boolean;
  internal_context: Record<string, unknown>;
  issued_at: Date;
  expires_at: Date;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS =
  'id, type, state, request_url, return_to, ui, csrf_token, csrf_secret_hash, identity_id, requested_aal, refresh, internal_context, issued_at, expires_at, created_at, updated_at';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface NewFlow {
  /** Chosen up front because ui.action names it. */
  id?: string;
  type: FlowType;
  state: string;
  requestUrl: string;
  returnTo: string | null;
  ui: UiContainer;
  binding: FlowBinding;
  identityId?: string | null;
  requestedAal?: Aal;
  refresh?: boolean;
  internalContext?: Record<string, unknown>;
  lifespanMs: number;
}

export function newFlowId(): string {
  return randomUUID();
}

/**
 * Drops what no request can use any more: flows and error records a day past their time, ended
 * sessions. Run now and then by flow creation, so no scheduler is needed.
 */
async function housekeeping(db: Db): Promise<void> {
  await db.query("delete from identity_flows where expires_at < now() - interval '1 day'");
  await db.query("delete from identity_flow_errors where created_at < now() - interval '1 day'");
  await db.query("delete from identity_sessions where expires_at < now() - interval '1 day' or (not active and updated_at < now() - interval '1 day')");
}

export async function insertFlow(db: Db, flow: NewFlow): Promise<FlowRow> {
  if (Math.random() < 0.01) await housekeeping(db);
  const { rows } = await db.query<FlowRow>(
    `insert into identity_flows (id, type, state, request_url, return_to, ui, csrf_token, csrf_secret_hash, identity_id,
                                 requested_aal, refresh, internal_context, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     returning ${COLUMNS}`,
    [
      flow.id ?? newFlowId(),
      flow.type,
      flow.state,
      flow.requestUrl,
      flow.returnTo,
      flow.ui,
      flow.binding.csrf_token,
      flow.binding.csrf_secret_hash,
      flow.identityId ?? null,
      flow.requestedAal ?? 'aal1',
      flow.refresh ?? false,
      flow.internalContext ?? {},
      new Date(Date.now() + flow.lifespanMs),
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('Could not create the flow');
  return row;
}

/** The flow of this id and type; `lock` holds it (FOR UPDATE) for the rest of the transaction. */
export async function loadFlow(db: Db, id: string | undefined, type: FlowType, lock = false): Promise<FlowRow | null> {
  if (!id || !UUID.test(id)) return null;
  const { rows } = await db.query<FlowRow>(`select ${COLUMNS} from identity_flows where id = $1 and type = $2${lock ? ' for update' : ''}`, [id, type]);
  return rows[0] ?? null;
}

export async function saveFlow(db: Db, flow: FlowRow): Promise<void> {
  await db.query(
    `update identity_flows set state = $2, ui = $3, internal_context = $4, identity_id = $5, csrf_secret_hash = $6 where id = $1`,
    [flow.id, flow.state, flow.ui, flow.internal_context, flow.identity_id, flow.csrf_secret_hash],
  );
}

/** The fields every flow answers with (Kratos's browser flow shape). */
export function baseFlowJson(flow: FlowRow): Record<string, unknown> {
  const json: Record<string, unknown> = {
    id: flow.id,
    type: 'browser',
    expires_at: flow.expires_at.toISOString(),
    issued_at: flow.issued_at.toISOString(),
    request_url: flow.request_url,
    ui: flow.ui,
    state: flow.state,
    created_at: flow.created_at.toISOString(),
    updated_at: flow.updated_at.toISOString(),
  };
  if (flow.return_to) json['return_to'] = flow.return_to;
  const continueWith = flow.internal_context['continue_with'];
  if (Array.isArray(continueWith) && continueWith.length > 0) json['continue_with'] = continueWith;
  return json;
}
