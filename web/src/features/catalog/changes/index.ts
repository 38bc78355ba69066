export { CatalogChangesPage } from './changes-page';
export { ConfigChangesTab } from './config-changes-tab';
