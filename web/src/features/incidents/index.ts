export { IncidentsPage } from './incidents-page';
export { IncidentDetailPage } from './incident-detail-page';
