import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { redirectBrowser } from '../../../api/navigation';
import { toast } from '../../../ui/toast/toast-store';
import type { FlowKind } from '../api/flows';
import { flowReaction, type FlowPhase } from './flow-reaction';

export interface FlowErrorActions {
  /** Drops the flow and starts a new one (`fresh`: without return_to and the other parameters). */
  restart: (fresh: boolean) => void;
  /** Shows the flow the server answered with. */
  replace: (body: unknown) => void;
}

/**
 * The flow-error reactions, shared by every identity page. The returned function handles an error
 * and resolves, or rethrows what is not a flow matter.
 */
export function useFlowErrorHandler(kind: FlowKind, actions: FlowErrorActions) {
  const { pathname, search } = useLocation();
  const { restart, replace } = actions;
  return useCallback(
    (error: unknown, phase: FlowPhase): void => {
      const reaction = flowReaction(error, { kind, phase, location: `${pathname}${search}` });
      switch (reaction.type) {
        case 'redirect':
          redirectBrowser(reaction.to);
          return;
        case 'restart':
          if (reaction.toast) toast.error(reaction.toast);
          restart(reaction.fresh ?? false);
          return;
        case 'replace':
          replace(reaction.body);
          return;
        case 'rethrow':
          throw error;
      }
    },
    [kind, pathname, search, restart, replace],
  );
}
