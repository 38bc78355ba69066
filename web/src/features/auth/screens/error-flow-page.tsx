import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { queryKeys } from '../../../api/query-keys';
import { ErrorPanel } from '../../../ui/error-panel';
import { getFlowError } from '../api/flows';
import { AuthLayout } from '../components/auth-layout';
import { FlowSkeleton } from '../components/flow-view';
import { GoBackLink } from '../components/go-back-link';

/** Statuses of the error lookup that mean "nothing to show": back home. */
const GONE = [404, 403, 410];

interface ErrorContent {
  code?: number;
  status?: string;
  message?: string;
  reason?: string;
}

function contentOf(error: object | undefined): ErrorContent {
  return (error ?? {}) as ErrorContent;
}

/** `/error/:id` (or `/error?id=`): an identity flow's error, under 'An error occurred'. */
export function ErrorFlowPage() {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const id = params['id'] ?? searchParams.get('id') ?? '';
  const query = useQuery({
    queryKey: queryKeys.identity.flowError(id),
    queryFn: () => getFlowError(id),
    enabled: id !== '',
    retry: false,
    meta: { errorToast: false },
  });

  if (!id || (isApiError(query.error) && GONE.includes(query.error.status))) return <Navigate to="/" replace />;

  const content = contentOf(query.data?.error);
  return (
    <AuthLayout title="Error" heading="An error occurred" footer={<GoBackLink />} width="wide">
      {query.isPending && <FlowSkeleton />}
      {query.error && <ErrorPanel error={query.error} />}
      {query.data && (
        <div className="space-y-3">
          {content.message && <p className="font-medium text-fg">{content.message}</p>}
          {content.reason && <p className="text-sm text-fg-muted">{content.reason}</p>}
          <pre className="max-h-96 overflow-auto rounded-md border border-border bg-surface-muted p-3 font-mono text-xs text-fg">
            {JSON.stringify(query.data.error ?? query.data, null, 2)}
          </pre>
        </div>
      )}
    </AuthLayout>
  );
}
