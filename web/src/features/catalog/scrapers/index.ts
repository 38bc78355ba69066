export { ScrapersListPage } from './scrapers-list-page';
export { ScraperDetailPage } from './scraper-detail-page';
