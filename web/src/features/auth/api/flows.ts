import {
  LoginFlowFromJSON,
  RecoveryFlowFromJSON,
  RegistrationFlowFromJSON,
  SettingsFlowFromJSON,
  VerificationFlowFromJSON,
  ResponseError,
  type ContinueWith,
  type FlowError,
  type InitOverrideFunction,
  type LoginFlow,
  type RecoveryFlow,
  type RegistrationFlow,
  type SettingsFlow,
  type UpdateLoginFlowBody,
  type UpdateRecoveryFlowBody,
  type UpdateRegistrationFlowBody,
  type UpdateSettingsFlowBody,
  type UpdateVerificationFlowBody,
  type VerificationFlow,
} from '@ory/client-fetch';
import { apiErrorFrom } from '../../../api/api-error';
import { ory } from '../../../api/ory';

/** The self-service flows, named as their pages are (`/login`, `/registration` …). */
export type FlowKind = 'login' | 'registration' | 'recovery' | 'verification' | 'settings';

export interface FlowOf {
  login: LoginFlow;
  registration: RegistrationFlow;
  recovery: RecoveryFlow;
  verification: VerificationFlow;
  settings: SettingsFlow;
}

export type Flow = FlowOf[FlowKind];

/** How a new browser flow is requested (`return_to`, `refresh`, `aal`, and `setup_token` for registration). */
export interface CreateFlowParams {
  returnTo?: string;
  refresh?: boolean;
  aal?: string;
  setupToken?: string;
}

/** Form values as the form holds them, keyed by node name (`traits.email`, `csrf_token` …). */
export type FlowBody = Record<string, unknown>;

/** What a submission ends in: the flow again (with messages), or a completed sign-in/registration. */
export type SubmitResult<K extends FlowKind> =
  | { type: 'flow'; flow: FlowOf[K] }
  | { type: 'complete'; continueWith: ContinueWith[] };

/** Any failure of the identity client as an ApiError (status and parsed body). */
export async function toApiError(error: unknown): Promise<unknown> {
  if (error instanceof ResponseError) return apiErrorFrom(error.response);
  return error;
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw await toApiError(error);
  }
}

/**
 * The form's values are sent as they are, like a native form post would: the SDK's per-method
 * serialisers keep only the fields they know, and would drop e.g. `setup_token`.
 */
function asSubmitted(body: FlowBody): InitOverrideFunction {
  return async () => ({ body: new Blob([JSON.stringify(body)], { type: 'application/json' }) });
}

/** The SDK requires a typed body; `asSubmitted` then sends the form's values in its place. */
function typed<T>(body: FlowBody): T {
  return body as unknown as T;
}

const PARSERS: { [K in FlowKind]: (json: unknown) => FlowOf[K] } = {
  login: LoginFlowFromJSON,
  registration: RegistrationFlowFromJSON,
  recovery: RecoveryFlowFromJSON,
  verification: VerificationFlowFromJSON,
  settings: SettingsFlowFromJSON,
};

/** A flow from a raw JSON body (e.g. the flow a 400 answer carries). */
export function parseFlow<K extends FlowKind>(kind: K, json: unknown): FlowOf[K] {
  return PARSERS[kind](json);
}

export { isFlowBody } from './flow-body';

function withSetupToken(setupToken: string | undefined) {
  if (!setupToken) return ory;
  return ory.withMiddleware({
    pre: async ({ url, init }) => {
      const target = new URL(url, window.location.origin);
      target.searchParams.set('setup_token', setupToken);
      return { url: url.startsWith('http') ? target.href : `${target.pathname}${target.search}`, init };
    },
  });
}

type Creators = { [K in FlowKind]: (params: CreateFlowParams) => Promise<FlowOf[K]> };

const CREATE: Creators = {
  login: ({ returnTo, refresh, aal }) => ory.createBrowserLoginFlow({ returnTo, refresh, aal }),
  registration: ({ returnTo, setupToken }) =>
    withSetupToken(setupToken).createBrowserRegistrationFlow({ returnTo, afterVerificationReturnTo: returnTo }),
  recovery: ({ returnTo }) => ory.createBrowserRecoveryFlow({ returnTo }),
  verification: ({ returnTo }) => ory.createBrowserVerificationFlow({ returnTo }),
  settings: ({ returnTo }) => ory.createBrowserSettingsFlow({ returnTo }),
};

type Getters = { [K in FlowKind]: (id: string) => Promise<FlowOf[K]> };

const GET: Getters = {
  login: (id) => ory.getLoginFlow({ id }),
  registration: (id) => ory.getRegistrationFlow({ id }),
  recovery: (id) => ory.getRecoveryFlow({ id }),
  verification: (id) => ory.getVerificationFlow({ id }),
  settings: (id) => ory.getSettingsFlow({ id }),
};

type Submitters = { [K in FlowKind]: (flow: string, body: FlowBody) => Promise<SubmitResult<K>> };

const SUBMIT: Submitters = {
  login: async (flow, body) => {
    const result = await ory.updateLoginFlow({ flow, updateLoginFlowBody: typed<UpdateLoginFlowBody>(body) }, asSubmitted(body));
    return { type: 'complete', continueWith: result.continue_with ?? [] };
  },
  registration: async (flow, body) => {
    const result = await ory.updateRegistrationFlow(
      { flow, updateRegistrationFlowBody: typed<UpdateRegistrationFlowBody>(body) },
      asSubmitted(body),
    );
    return { type: 'complete', continueWith: result.continue_with ?? [] };
  },
  recovery: async (flow, body) => ({
    type: 'flow',
    flow: await ory.updateRecoveryFlow({ flow, updateRecoveryFlowBody: typed<UpdateRecoveryFlowBody>(body) }, asSubmitted(body)),
  }),
  verification: async (flow, body) => ({
    type: 'flow',
    flow: await ory.updateVerificationFlow(
      { flow, updateVerificationFlowBody: typed<UpdateVerificationFlowBody>(body) },
      asSubmitted(body),
    ),
  }),
  settings: async (flow, body) => ({
    type: 'flow',
    flow: await ory.updateSettingsFlow({ flow, updateSettingsFlowBody: typed<UpdateSettingsFlowBody>(body) }, asSubmitted(body)),
  }),
};

/** Creates a new browser flow. Failures come as ApiError. */
export function createFlow<K extends FlowKind>(kind: K, params: CreateFlowParams): Promise<FlowOf[K]> {
  return call(() => CREATE[kind](params));
}

/** Fetches an existing flow by id. */
export function getFlow<K extends FlowKind>(kind: K, id: string): Promise<FlowOf[K]> {
  return call(() => GET[kind](id));
}

/** Submits the form of a flow. */
export function submitFlow<K extends FlowKind>(kind: K, flowId: string, body: FlowBody): Promise<SubmitResult<K>> {
  return call(() => SUBMIT[kind](flowId, body));
}

/** The error behind `/error?id=`. */
export function getFlowError(id: string): Promise<FlowError> {
  return call(() => ory.getFlowError({ id }));
}

