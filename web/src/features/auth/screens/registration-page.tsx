import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { linkClass } from '../../../ui/link-styles';
import type { FlowBody } from '../api/flows';
import { AuthLayout } from '../components/auth-layout';
import { FlowView } from '../components/flow-view';
import { completeSignIn } from '../flow/complete-sign-in';
import { useFlow } from '../flow/use-flow';
import { FlowForm } from '../form/flow-form';

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
    if (result?.type === 'complete') completeSignIn(queryClient, flow?.return_to);
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
