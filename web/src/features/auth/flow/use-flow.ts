import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { queryKeys } from '../../../api/query-keys';
import { toast } from '../../../ui/toast/toast-store';
import {
  createFlow,
  getFlow,
  parseFlow,
  submitFlow,
  type CreateFlowParams,
  type FlowBody,
  type FlowKind,
  type FlowOf,
  type SubmitResult,
} from '../api/flows';
import { flowReaction } from './flow-reaction';
import { useFlowErrorHandler } from './use-flow-error-handler';

export interface UseFlowResult<K extends FlowKind> {
  flow: FlowOf[K] | undefined;
  /** Changes whenever the flow is replaced (a new answer from the server): a key for the form. */
  version: number;
  /** A loading failure that is not a flow matter (shown by the page). */
  error: unknown;
  /** Submits the form; resolves with the result, or null when the failure was handled. */
  submit: (body: FlowBody) => Promise<SubmitResult<K> | null>;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : 'The request failed.';
}

/**
 * The lifecycle of one self-service flow (spec 1 section 4): with no `flow` query parameter a new
 * browser flow is created and its id put in the address; with one, it is fetched. A submission
 * updates the flow; failures go through the shared flow-error reactions.
 */
export function useFlow<K extends FlowKind>(kind: K, params: CreateFlowParams): UseFlowResult<K> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const flowId = searchParams.get('flow');
  const [attempt, setAttempt] = useState(0);
  const { returnTo, refresh, aal, setupToken } = params;

  const query = useQuery({
    queryKey: flowId
      ? queryKeys.identity.flow(kind, flowId)
      : queryKeys.identity.newFlow(kind, { returnTo, refresh, aal, setupToken, attempt: String(attempt) }),
    queryFn: () => (flowId ? getFlow(kind, flowId) : createFlow(kind, { returnTo, refresh, aal, setupToken })),
    retry: false,
    staleTime: Infinity,
    // A flow being created is not kept once it has its id (a later visit creates a new one).
    gcTime: flowId ? 5 * 60_000 : 0,
    refetchOnWindowFocus: false,
    meta: { errorToast: false },
  });

  const restart = useCallback(
    (fresh: boolean) => {
      queryClient.removeQueries({ queryKey: queryKeys.identity.flows(kind) });
      const next = fresh ? new URLSearchParams() : new URLSearchParams(searchParams);
      next.delete('flow');
      const query = next.toString();
      const target = query ? `${pathname}?${query}` : pathname;
      // A new address asks for a new flow by itself; the same address needs a new attempt.
      if (target === `${pathname}${search}`) setAttempt((n) => n + 1);
      else navigate(target, { replace: true });
    },
    [queryClient, kind, searchParams, navigate, pathname, search, setAttempt],
  );

  const replace = useCallback(
    (body: unknown) => {
      const next = parseFlow(kind, body);
      queryClient.setQueryData(queryKeys.identity.flow(kind, next.id), next);
    },
    [queryClient, kind],
  );

  const handleError = useFlowErrorHandler(kind, { restart, replace });

  // A created flow: keep it under its id and put the id in the address (a reload resumes it).
  const created = flowId ? undefined : query.data;
  const createdAt = query.dataUpdatedAt;
  useEffect(() => {
    if (!created) return;
    // Same time stamp: the form (keyed by it) is not mounted again when the key changes.
    queryClient.setQueryData(queryKeys.identity.flow(kind, created.id), created, { updatedAt: createdAt });
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('flow', created.id);
        return next;
      },
      { replace: true },
    );
  }, [created, createdAt, kind, queryClient, setSearchParams]);

  // A loading failure: flow matters get their reaction (once); anything else is the page's to show.
  const phase = flowId ? 'get' : 'create';
  const loadError = query.error;
  const unhandled =
    loadError && flowReaction(loadError, { kind, phase, location: `${pathname}${search}` }).type === 'rethrow'
      ? loadError
      : null;
  const reacted = useRef<unknown>(null);
  useEffect(() => {
    if (!loadError || unhandled || reacted.current === loadError) return;
    reacted.current = loadError;
    handleError(loadError, phase);
  }, [loadError, unhandled, phase, handleError]);

  const flow = query.data;
  const submit = useCallback(
    async (body: FlowBody): Promise<SubmitResult<K> | null> => {
      if (!flow) return null;
      try {
        const result = await submitFlow(kind, flow.id, body);
        if (result.type === 'flow') queryClient.setQueryData(queryKeys.identity.flow(kind, flow.id), result.flow);
        return result;
      } catch (error) {
        try {
          handleError(error, 'submit');
        } catch (rethrown) {
          toast.error(messageOf(rethrown));
        }
        return null;
      }
    },
    [flow, kind, queryClient, handleError],
  );

  return { flow, version: query.dataUpdatedAt, error: unhandled, submit };
}
