import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { navigate } from '../../../api/navigation';
import { safeReturnPath } from '../../../api/session-paths';
import { ErrorPanel } from '../../../ui/error-panel';
import { SkeletonScreen } from '../../../ui/skeleton';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { sessionQuery } from '../../../api/session';
import { ProvisioningScreen } from '../components/provisioning-screen';
import { sessionFailure } from '../session-failure';

/**
 * `/auth-state-checker?return_to=…`: where any 401 leads. It checks the session afresh: signed in,
 * back to return_to; signed out, to `/login?return_to=…`.
 */
export function AuthStateCheckerPage() {
  useDocumentTitle('Checking session');
  const [searchParams] = useSearchParams();
  const returnTo = safeReturnPath(searchParams.get('return_to'));
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<{ type: 'provisioning' } | { type: 'error'; error: unknown } | null>(null);

  useEffect(() => {
    let active = true;
    queryClient
      .fetchQuery({ ...sessionQuery, staleTime: 0 })
      .then(() => {
        if (active) navigate(returnTo, { replace: true });
      })
      .catch((error: unknown) => {
        if (!active) return;
        const failure = sessionFailure(error, { returnTo });
        if (failure.type === 'login') navigate(failure.to, { replace: true });
        else setOutcome(failure.type === 'provisioning' ? failure : { type: 'error', error });
      });
    return () => {
      active = false;
    };
  }, [queryClient, returnTo]);

  if (outcome?.type === 'provisioning') return <ProvisioningScreen />;
  if (outcome?.type === 'error') {
    return (
      <main className="mx-auto max-w-2xl p-6">
        <ErrorPanel error={outcome.error} />
      </main>
    );
  }
  return <SkeletonScreen label="Checking your session" />;
}
