import { Navigate, Outlet, useLocation } from 'react-router';
import { useAbout } from '../api/about';
import { useSession } from '../api/session';
import { ProvisioningScreen } from '../features/auth/components/provisioning-screen';
import { sessionFailure } from '../features/auth/session-failure';
import { NoOrganizationScreen } from '../features/shell/no-organization-screen';
import { ErrorPanel } from '../ui/error-panel';
import { SkeletonScreen } from '../ui/skeleton';

/**
 * Signed-in pages render only with a session: while it is checked the skeleton shows; without
 * one the browser goes to `/login?return_to={path+search}`. In organization mode a session check
 * answering 5xx or 404 shows the provisioning screen, and a person without an organization is
 * asked to create one or to wait for an invitation.
 */
export function AuthGate() {
  const { pathname, search } = useLocation();
  const session = useSession();
  const about = useAbout();
  const organizationMode = about.data?.authMode === 'organizations';
  if (session.isPending) return <SkeletonScreen />;
  if (session.isError) {
    // The mode decides what a 5xx or 404 means; /api/about is public, so it answers before signing in.
    if (about.isPending) return <SkeletonScreen />;
    const failure = sessionFailure(session.error, { returnTo: `${pathname}${search}`, organizationMode });
    if (failure.type === 'login') return <Navigate to={failure.to} replace />;
    if (failure.type === 'provisioning') return <ProvisioningScreen />;
    return (
      <main className="mx-auto max-w-2xl p-6">
        <ErrorPanel error={session.error} />
      </main>
    );
  }
  if (organizationMode && session.data.organization === null) return <NoOrganizationScreen />;
  return <Outlet />;
}
