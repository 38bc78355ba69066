/** The settings screens, for the route table (each loaded with its route). */
export { EventQueuePage } from './event-queue/event-queue-page';
export { FeatureFlagsPage } from './feature-flags/feature-flags-page';
export { HealthCheckDetailPage } from './generic-resources/health-check-detail-page';
export { SettingsResourceDetailPage } from './generic-resources/resource-detail-page';
export { SettingsResourceListPage } from './generic-resources/resource-list-page';
export { JobsHistoryPage } from './jobs/jobs-history-page';
export { TeamDetailPage, TeamsPage } from './teams/team-pages';
export { UsersPage } from './users/users-page';
export { ConnectionsPage } from './connections/connections-page';
export { LogBackendDetailPage, LogBackendsPage } from './log-backends/log-backend-pages';
export { TopologiesPage, TopologyDetailPage } from './topologies/topology-pages';
export { IntegrationDetailPage } from './integrations/integration-detail-page';
export { IntegrationsPage } from './integrations/integrations-page';
export { NotificationsPage } from './notifications/notifications-page';
export { AgentsPage } from './agents/agents-page';
export { OrganizationProfilePage } from './organization/organization-profile-page';
