import { SettingsResourceDetailPage } from '../generic-resources/resource-detail-page';
import { SettingsResourceListPage } from '../generic-resources/resource-list-page';

/** `/settings/teams`: the generic list of the teams table. */
export function TeamsPage() {
  return <SettingsResourceListPage table="teams" />;
}

/** `/settings/teams/{id}`: the generic detail of a team, with its Members tab. */
export function TeamDetailPage() {
  return <SettingsResourceDetailPage table="teams" />;
}
