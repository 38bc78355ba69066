import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../api/session';
import { ProvisioningScreen } from '../features/auth/components/provisioning-screen';
import { sessionFailure } from '../features/auth/session-failure';
import { ErrorPanel } from '../ui/error-panel';
import { SkeletonScreen } from '../ui/skeleton';

/**
 * Signed-in pages render only with a session: while it is checked the skeleton shows; without
 * one the browser goes to `/login?return_to={path+search}`.
 */
export function AuthGate() {
  const { pathname, search } = useLocation();
  const session = useSession();
  if (session.isPending) return <SkeletonScreen />;
  if (session.isError) {
    const failure = sessionFailure(session.error, { returnTo: `${pathname}${search}` });
    if (failure.type === 'login') return <Navigate to={failure.to} replace />;
    if (failure.type === 'provisioning') return <ProvisioningScreen />;
    return (
      <main className="mx-auto max-w-2xl p-6">
        <ErrorPanel error={session.error} />
      </main>
    );
  }
  return <Outlet />;
}
