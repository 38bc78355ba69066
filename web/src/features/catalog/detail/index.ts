export { ConfigDetailPage } from './config-detail-page';
