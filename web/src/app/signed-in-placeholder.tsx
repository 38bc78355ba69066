import { useSession } from '../features/auth/api/session';
import { SignOutButton } from '../features/auth/components/sign-out-button';
import { Card } from '../ui/card';
import { Logo } from '../ui/logo';
import { useDocumentTitle } from '../ui/use-document-title';

/** Stands in for the topology page until the application shell exists. */
export function SignedInPlaceholder() {
  useDocumentTitle('Topology');
  const { data } = useSession();
  return (
    <main className="flex min-h-full items-center justify-center bg-canvas p-6">
      <Card className="w-full max-w-sm space-y-6 p-8 text-center">
        <Logo className="justify-center" />
        <p className="text-fg">
          Signed in as <strong>{data?.user.name}</strong>
        </p>
        <SignOutButton />
      </Card>
    </main>
  );
}
