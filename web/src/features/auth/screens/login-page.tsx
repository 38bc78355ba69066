import { useEffect, useState } from 'react';
import { setAddress, useAddress } from '../../../api/address';
import { useRegistrationOpen } from '../../../api/registration-open';
import { linkClass } from '../../../ui/link-styles';
import type { FlowBody } from '../api/flows';
import type { LoginFlowView } from '../api/login-flow';
import { AuthLayout } from '../components/auth-layout';
import { FlowView } from '../components/flow-view';
import { leaveAfterSignIn } from '../flow/leave-after-sign-in';
import { useLoginFlow } from '../flow/use-login-flow';
import { FlowForm } from '../form/flow-form';
import type { FormValues } from '../form/form-values';

export const LOGIN_HEADINGS = {
  signIn: 'Sign In to your account',
  refresh: 'Confirm Action',
  aal2: 'Two-Factor Authentication',
} as const;

export function loginHeading(flow: Pick<LoginFlowView, 'refresh' | 'requested_aal'> | undefined, query: { refresh: boolean; aal: string | undefined }): string {
  if (flow?.refresh ?? query.refresh) return LOGIN_HEADINGS.refresh;
  if ((flow?.requested_aal ?? query.aal) === 'aal2') return LOGIN_HEADINGS.aal2;
  return LOGIN_HEADINGS.signIn;
}

/** Identifier and password handed over in the query: used once, then taken out of the address. */
function useHandedOverCredentials(searchParams: URLSearchParams): FormValues | undefined {
  const [credentials] = useState(() => {
    const identifier = searchParams.get('identifier');
    const password = searchParams.get('password');
    return identifier && password ? { identifier, password } : undefined;
  });
  const inAddress = searchParams.has('identifier') || searchParams.has('password');
  useEffect(() => {
    if (!inAddress) return;
    const url = new URL(window.location.href);
    url.searchParams.delete('identifier');
    url.searchParams.delete('password');
    setAddress(`${url.pathname}${url.search}`, { replace: true });
  }, [inAddress]);
  return credentials;
}

/**
 * `/login`: sign in, confirm (refresh=true) or second factor (aal=aal2). It runs as its own small
 * app (app/login-app.tsx), without the router and the shell: links load their pages as documents.
 */
export function LoginPage() {
  const searchParams = new URL(useAddress(), window.location.origin).searchParams;
  const returnTo = searchParams.get('return_to') ?? undefined;
  const refresh = searchParams.get('refresh') === 'true';
  const aal = searchParams.get('aal') ?? undefined;
  const handedOver = useHandedOverCredentials(searchParams);
  // Handed-over credentials are submitted once, whatever happens to the form afterwards.
  const [credentials, setCredentials] = useState(handedOver);
  const { flow, version, error, submit } = useLoginFlow({ returnTo, refresh: refresh || undefined, aal });
  const heading = loginHeading(flow, { refresh, aal });
  const registrationOpen = useRegistrationOpen();
  // With PHAROS_PASSWORD_LOGIN=off the flow has only the provider's button: no password to reset.
  const offersPassword = !flow || flow.ui.nodes.some((node) => node.group === 'password');

  const onSubmit = async (body: FlowBody) => {
    setCredentials(undefined);
    if (await submit(body)) leaveAfterSignIn(flow?.return_to, returnTo);
  };

  return (
    <AuthLayout
      title="Sign In"
      heading={heading}
      footer={
        <>
          {offersPassword && (
            <a href="/recovery" className={linkClass}>
              Reset password
            </a>
          )}
          {registrationOpen && (
            <a href="/registration" className={linkClass}>
              Create account
            </a>
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
