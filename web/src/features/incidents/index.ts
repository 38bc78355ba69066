export { IncidentsPage } from './incidents-page';
