import { useAbout } from '../api/about';
import { Navigate } from 'react-router';
import { useFeatureFlags } from './access/feature-flags';
import { usePermissions } from './access/permissions';
import { UnauthorizedPage } from './access/unauthorized';
import { menuFor } from './screens';

/** /settings opens the first settings screen the user may see. */
export function SettingsIndex() {
  const permissions = usePermissions();
  const { flags } = useFeatureFlags();
  const about = useAbout();
  const first = menuFor(permissions, flags.allEnabled, about.data?.authMode === 'organizations').settings?.[0];
  return first ? <Navigate to={first.path} replace /> : <UnauthorizedPage />;
}
