import { useSearchParams } from 'react-router';
import { Alert } from '../../../ui/alert';
import { AuthLayout } from '../components/auth-layout';
import { GoBackLink } from '../components/go-back-link';

export const BAD_SESSION_TEXT =
  'Bad Session. Please try logging out and logging in again, if the problem persist, please contact us.';
export const UNKNOWN_ERROR_TEXT = 'Unknown error';

/** `/bad-session?error_code=…`: a session the server could not use. */
export function BadSessionPage() {
  const [searchParams] = useSearchParams();
  const text = searchParams.get('error_code') === 'BAD_SESSION' ? BAD_SESSION_TEXT : UNKNOWN_ERROR_TEXT;
  return (
    <AuthLayout title="Session error" heading="Session error" footer={<GoBackLink />}>
      <Alert tone="error">{text}</Alert>
    </AuthLayout>
  );
}
