import type { ContinueWith } from '@ory/client-fetch';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { navigate } from '../../../api/navigation';
import { loginUrl } from '../../../api/session-paths';
import { linkClass } from '../../../ui/link-styles';
import { toast } from '../../../ui/toast/toast-store';
import type { FlowBody } from '../api/flows';
import { AuthLayout } from '../components/auth-layout';
import { FlowView } from '../components/flow-view';
import { completeSignIn } from '../flow/complete-sign-in';
import { useFlow } from '../flow/use-flow';
import { FlowForm } from '../form/flow-form';

/** What a person is told once their account exists, as they are taken to the next step. */
export const REGISTRATION_DONE = {
  verify: (email: string) => `Your account has been created. We have sent a verification code to ${email}: enter it here to verify your address, then sign in.`,
  signIn: 'Your account has been created: sign in with your email and password.',
} as const;

function verificationFlowOf(continueWith: readonly ContinueWith[]): { id: string; email: string } | undefined {
  for (const item of continueWith) {
    if (item.action === 'show_verification_ui') return { id: item.flow.id, email: item.flow.verifiable_address };
  }
  return undefined;
}

/** `/registration`: create an account; a `setup_token` in the query travels with the flow. */
export function RegistrationPage() {
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const returnTo = searchParams.get('return_to') ?? undefined;
  const setupToken = searchParams.get('setup_token') ?? undefined;
  const { flow, version, error, submit } = useFlow('registration', { returnTo, setupToken });
  const extraValues = useMemo(() => (setupToken ? { setup_token: setupToken } : undefined), [setupToken]);

  const onSubmit = async (body: FlowBody) => {
    const result = await submit(body);
    if (result?.type !== 'complete') return;
    // The first administrator (setup link) is signed in at once; anyone else verifies, then signs in.
    if (setupToken) return completeSignIn(queryClient, flow?.return_to);
    const verification = verificationFlowOf(result.continueWith);
    if (verification) {
      toast.success(REGISTRATION_DONE.verify(verification.email));
      navigate(`/verification?flow=${encodeURIComponent(verification.id)}`, { replace: true });
    } else {
      toast.success(REGISTRATION_DONE.signIn);
      navigate(loginUrl({ returnTo: flow?.return_to ?? undefined }), { replace: true });
    }
  };

  return (
    <AuthLayout
      title="Register"
      heading="Create account"
      footer={
        <Link to="/login" className={linkClass}>
          Sign in
        </Link>
      }
    >
      <FlowView flow={flow} error={error}>
        {(f) => <FlowForm key={version} ui={f.ui} label="Create account" onSubmit={onSubmit} extraValues={extraValues} />}
      </FlowView>
    </AuthLayout>
  );
}
