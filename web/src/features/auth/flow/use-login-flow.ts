import { useCallback, useEffect, useRef, useState } from 'react';
import { setAddress, useAddress } from '../../../api/address';
import { redirectBrowser } from '../../../api/navigation';
import { toast } from '../../../ui/toast/toast-store';
import type { FlowBody } from '../api/flows';
import { createLoginFlow, getLoginFlow, submitLoginFlow, type LoginFlowParams, type LoginFlowView } from '../api/login-flow';
import { flowReaction, type FlowPhase } from './flow-reaction';

export interface UseLoginFlowResult {
  flow: LoginFlowView | undefined;
  /** Changes whenever the flow is replaced (a new answer from the server): a key for the form. */
  version: number;
  /** A loading failure that is not a flow matter (shown by the page). */
  error: unknown;
  /** Submits the form; resolves true once signed in, false when the failure was handled. */
  submit: (body: FlowBody) => Promise<boolean>;
}

interface Loaded {
  flow: LoginFlowView | undefined;
  version: number;
  error: unknown;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : 'The request failed.';
}

function withFlowId(address: string, id: string | null): string {
  const url = new URL(address, window.location.origin);
  if (id === null) url.searchParams.delete('flow');
  else url.searchParams.set('flow', id);
  return `${url.pathname}${url.search}`;
}

/**
 * The login flow's lifecycle (spec 1 section 4) on the page's own address, as `useFlow` has it for
 * the other flow pages: with no `flow` query parameter a new browser flow is created and its id put
 * in the address; with one, it is fetched; failures go through the shared flow-error reactions.
 */
export function useLoginFlow(params: LoginFlowParams): UseLoginFlowResult {
  const address = useAddress();
  const flowId = new URL(address, window.location.origin).searchParams.get('flow');
  const [loaded, setLoaded] = useState<Loaded>({ flow: undefined, version: 0, error: null });
  const [attempt, setAttempt] = useState(0);
  const { returnTo, refresh, aal } = params;
  /** The id of the flow on screen: the one just created is not fetched again once its id is in the address. */
  const shownId = useRef<string | null>(null);

  const show = useCallback((flow: LoginFlowView) => {
    shownId.current = flow.id;
    setLoaded((before) => ({ flow, version: before.version + 1, error: null }));
  }, []);

  const react = useCallback(
    (error: unknown, phase: FlowPhase): void => {
      const here = `${window.location.pathname}${window.location.search}`;
      const reaction = flowReaction(error, { kind: 'login', phase, location: here });
      switch (reaction.type) {
        case 'redirect':
          redirectBrowser(reaction.to);
          return;
        case 'restart': {
          if (reaction.toast) toast.error(reaction.toast);
          const target = reaction.fresh ? window.location.pathname : withFlowId(here, null);
          // A new address asks for a new flow by itself; the same address needs a new attempt.
          if (target === here) setAttempt((n) => n + 1);
          else setAddress(target, { replace: true });
          return;
        }
        case 'replace':
          show(reaction.body as LoginFlowView);
          return;
        case 'rethrow':
          throw error;
      }
    },
    [show],
  );

  useEffect(() => {
    // The flow just created, now under its id in the address.
    if (flowId !== null && shownId.current === flowId) return;
    let stale = false;
    const phase = flowId === null ? 'create' : 'get';
    const load = flowId === null ? createLoginFlow({ returnTo, refresh, aal }) : getLoginFlow(flowId);
    load.then(
      (flow) => {
        if (stale) return;
        show(flow);
        if (flowId === null) setAddress(withFlowId(`${window.location.pathname}${window.location.search}`, flow.id), { replace: true });
      },
      (error: unknown) => {
        if (stale) return;
        try {
          react(error, phase);
        } catch {
          shownId.current = null;
          setLoaded((before) => ({ ...before, flow: undefined, error }));
        }
      },
    );
    return () => {
      stale = true;
    };
  }, [flowId, returnTo, refresh, aal, attempt, react, show]);

  const { flow } = loaded;
  const submit = useCallback(
    async (body: FlowBody): Promise<boolean> => {
      if (!flow) return false;
      try {
        await submitLoginFlow(flow.id, body);
        return true;
      } catch (error) {
        try {
          react(error, 'submit');
        } catch (rethrown) {
          toast.error(messageOf(rethrown));
        }
        return false;
      }
    },
    [flow, react],
  );

  return { ...loaded, submit };
}
