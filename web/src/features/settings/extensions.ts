/** What the settings area offers the screens of the others (filled into ui/resource-extensions by the app). */
export { JobHistoryTab } from './generic-resources/job-history-tab';
