export { CatalogListPage } from './catalog-list-page';
