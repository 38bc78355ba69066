import type { LoginFlow } from '@ory/client-fetch';
import { apiErrorFrom } from '../../../api/api-error';
import { baseFetch } from '../../../api/base-fetch';
import { ORY_PATH } from '../../../api/ory-path';
import type { FlowBody } from './flows';

/**
 * The login flow's calls to the identity service with plain fetch: the sign-in page loads without
 * the identity SDK (the other flow pages use `flows.ts`). Only the fields the page reads are typed;
 * the SDK would turn the flow's dates into Date objects, which nothing here needs.
 */
export type LoginFlowView = Pick<LoginFlow, 'id' | 'ui' | 'refresh' | 'requested_aal' | 'return_to'>;

export interface LoginFlowParams {
  returnTo?: string;
  refresh?: boolean;
  aal?: string;
}

const LOGIN = `${ORY_PATH}/self-service/login`;

async function answerOf<T>(response: Response): Promise<T> {
  if (!response.ok) throw await apiErrorFrom(response);
  return (await response.json()) as T;
}

function query(values: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value !== undefined) params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A new browser login flow. Failures come as ApiError. */
export async function createLoginFlow({ returnTo, refresh, aal }: LoginFlowParams): Promise<LoginFlowView> {
  const search = query({ refresh: refresh === undefined ? undefined : String(refresh), aal, return_to: returnTo });
  return answerOf(await baseFetch(`${LOGIN}/browser${search}`));
}

/** An existing login flow by id. */
export async function getLoginFlow(id: string): Promise<LoginFlowView> {
  return answerOf(await baseFetch(`${LOGIN}/flows${query({ id })}`));
}

/** Submits the form's values as they are, like a native form post would. */
export async function submitLoginFlow(flow: string, body: FlowBody): Promise<void> {
  const response = await baseFetch(`${LOGIN}${query({ flow })}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  await answerOf<unknown>(response);
}
