import { SettingsResourceDetailPage } from './resource-detail-page';

/** `/settings/canaries/{canary_id}`: edit a health check (linked from the check drawer). */
export function HealthCheckDetailPage() {
  return <SettingsResourceDetailPage table="canaries" />;
}
