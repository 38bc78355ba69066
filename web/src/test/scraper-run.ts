/** What a scrape of one Shop::Service type left in its run's details. */
export const SCRAPE_SUMMARY = { 'Shop::Service': { added: 2, updated: 0, unchanged: 0, deleted: 0, errors: 0 } };

/** A successful run of the scraper `resourceId` ('local-files'), as job_histories answers it. */
export const scraperRun = (resourceId: string) => ({
  id: '9e8d7c6b-5a49-4837-9261-504938271605',
  name: 'ScraperRun',
  status: 'SUCCESS',
  resource_id: resourceId,
  resource_type: 'config_scraper',
  resource_name: 'local-files',
  duration_millis: 120,
  success_count: 2,
  error_count: 0,
  time_start: '2026-11-25T08:59:00Z',
  details: { scrape_summary: SCRAPE_SUMMARY },
  created_at: '2026-11-25T08:59:00Z',
});
