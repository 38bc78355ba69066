export { CatalogInsightsPage } from './insights-page';
export { ConfigInsightsTab } from './config-insights-tab';
