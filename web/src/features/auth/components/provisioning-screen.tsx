import { Logo } from '../../../ui/logo';
import { Spinner } from '../../../ui/spinner';

export const PROVISIONING_TEXT = 'Please wait, instance provisioning in-progress ...';

/** Shown while an organization's instance is being set up. */
export function ProvisioningScreen() {
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-6 bg-canvas p-6">
      <Logo />
      <div role="status" className="flex items-center gap-3 text-fg-muted">
        <Spinner className="size-5 text-accent" />
        <p>{PROVISIONING_TEXT}</p>
      </div>
    </main>
  );
}
