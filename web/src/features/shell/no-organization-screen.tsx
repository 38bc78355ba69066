import { useOrganizations } from '../../api/organizations';
import { Logo } from '../../ui/logo';
import { Spinner } from '../../ui/spinner';
import { CreateOrganizationForm } from './create-organization-form';

export const NO_ORGANIZATION_TEXT = 'You are not a member of any organization yet.';
export const ASK_FOR_INVITATION_TEXT = 'Ask an administrator of your organization to invite your email address, then sign in again.';

/** Organization mode, signed in without an organization: create the first one, or wait for an invitation. */
export function NoOrganizationScreen() {
  const { data, isPending } = useOrganizations();
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-6 bg-canvas p-6">
      <Logo />
      <section className="w-full max-w-md rounded-lg border border-border bg-surface p-6 shadow-sm">
        <h1 className="text-lg font-semibold text-fg">{NO_ORGANIZATION_TEXT}</h1>
        {isPending ? (
          <Spinner />
        ) : data?.canCreate ? (
          <div className="mt-4">
            <p className="mb-4 text-sm text-fg-muted">Create an organization to start; you will be its administrator.</p>
            <CreateOrganizationForm />
          </div>
        ) : (
          <p className="mt-2 text-sm text-fg-muted">{ASK_FOR_INVITATION_TEXT}</p>
        )}
      </section>
    </main>
  );
}
