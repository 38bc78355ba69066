export { HealthPage } from './health-page';
