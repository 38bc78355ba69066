import type { LoginFlow } from '@ory/client-fetch';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAbout } from '../../../api/about';
import { linkClass } from '../../../ui/link-styles';
import type { FlowBody } from '../api/flows';
import { AuthLayout } from '../components/auth-layout';
import { FlowView } from '../components/flow-view';
import { completeSignIn } from '../flow/complete-sign-in';
import { useFlow } from '../flow/use-flow';
import { FlowForm } from '../form/flow-form';
import type { FormValues } from '../form/form-values';

export const LOGIN_HEADINGS = {
  signIn: 'Sign In to your account',
  refresh: 'Confirm Action',
  aal2: 'Two-Factor Authentication',
} as const;

export function loginHeading(flow: LoginFlow | undefined, query: { refresh: boolean; aal: string | undefined }): string {
  if (flow?.refresh ?? query.refresh) return LOGIN_HEADINGS.refresh;
  if ((flow?.requested_aal ?? query.aal) === 'aal2') return LOGIN_HEADINGS.aal2;
  return LOGIN_HEADINGS.signIn;
}

/** Identifier and password handed over in the query: used once, then taken out of the address. */
function useHandedOverCredentials(): FormValues | undefined {
  const [searchParams, setSearchParams] = useSearchParams();
  const [credentials] = useState(() => {
    const identifier = searchParams.get('identifier');
    const password = searchParams.get('password');
    return identifier && password ? { identifier, password } : undefined;
  });
  const inAddress = searchParams.has('identifier') || searchParams.has('password');
  useEffect(() => {
    if (!inAddress) return;
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('identifier');
        next.delete('password');
        return next;
      },
      { replace: true },
    );
  }, [inAddress, setSearchParams]);
  return credentials;
}

/** `/login`: sign in, confirm (refresh=true) or second factor (aal=aal2). */
export function LoginPage() {
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const returnTo = searchParams.get('return_to') ?? undefined;
  const refresh = searchParams.get('refresh') === 'true';
  const aal = searchParams.get('aal') ?? undefined;
  const handedOver = useHandedOverCredentials();
  // Handed-over credentials are submitted once, whatever happens to the form afterwards.
  const [credentials, setCredentials] = useState(handedOver);
  const { flow, version, error, submit } = useFlow('login', { returnTo, refresh: refresh || undefined, aal });
  const heading = loginHeading(flow, { refresh, aal });
  const registrationOpen = useAbout().data?.registration === 'open';
  // With PHAROS_PASSWORD_LOGIN=off the flow has only the provider's button: no password to reset.
  const offersPassword = !flow || flow.ui.nodes.some((node) => node.group === 'password');

  const onSubmit = async (body: FlowBody) => {
    setCredentials(undefined);
    const result = await submit(body);
    if (result?.type === 'complete') completeSignIn(queryClient, flow?.return_to, returnTo);
  };

  return (
    <AuthLayout
      title="Sign In"
      heading={heading}
      footer={
        <>
          {offersPassword && (
            <Link to="/recovery" className={linkClass}>
              Reset password
            </Link>
          )}
          {registrationOpen && (
            <Link to="/registration" className={linkClass}>
              Create account
            </Link>
          )}
        </>
      }
    >
      <FlowView flow={flow} error={error}>
        {(f) => (
          <FlowForm
            key={version}
            ui={f.ui}
            label={heading}
            onSubmit={onSubmit}
            prefill={credentials}
            autoSubmit={credentials ? { name: 'method', value: 'password' } : undefined}
          />
        )}
      </FlowView>
    </AuthLayout>
  );
}
