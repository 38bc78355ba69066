export { PlaybookRunsPage } from './runs-list-page';
export { PlaybookRunPage } from './run-detail-page';
export { PlaybookRunsList } from './playbook-runs-list';
