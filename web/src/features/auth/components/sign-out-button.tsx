import { LogOut } from 'lucide-react';
import { Button, type ButtonProps } from '../../../ui/button';
import { useSignOut } from '../api/logout';

/** Ends the session and lands on the sign-in page. */
export function SignOutButton(props: Omit<ButtonProps, 'onClick' | 'loading'>) {
  const { signOut, pending } = useSignOut();
  return (
    <Button variant="secondary" {...props} loading={pending} onClick={() => void signOut()}>
      {!pending && <LogOut className="size-4" aria-hidden="true" />}
      Sign out
    </Button>
  );
}
