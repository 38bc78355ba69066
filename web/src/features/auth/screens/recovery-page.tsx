import { useSearchParams } from 'react-router';
import type { FlowBody } from '../api/flows';
import { AuthLayout } from '../components/auth-layout';
import { FlowView } from '../components/flow-view';
import { GoBackLink } from '../components/go-back-link';
import { useFlow } from '../flow/use-flow';
import { FlowForm } from '../form/flow-form';

/** `/recovery`: recover an account by email code or link. */
export function RecoveryPage() {
  const [searchParams] = useSearchParams();
  const returnTo = searchParams.get('return_to') ?? undefined;
  const { flow, version, error, submit } = useFlow('recovery', { returnTo });
  const onSubmit = async (body: FlowBody) => {
    await submit(body);
  };
  return (
    <AuthLayout title="Recovery" heading="Recover account" footer={<GoBackLink />}>
      <FlowView flow={flow} error={error}>
        {(f) => <FlowForm key={version} ui={f.ui} label="Recover account" onSubmit={onSubmit} />}
      </FlowView>
    </AuthLayout>
  );
}
