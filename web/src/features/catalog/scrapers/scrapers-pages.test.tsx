import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub';
import { dbRoute, paramsOf, renderSettings, rows, stubTextLayout } from '../../../test/render-settings';
import { SCRAPE_SUMMARY, scraperRun } from '../../../test/scraper-run';

beforeAll(stubTextLayout);

const FILES = '1f0e2d3c-4b5a-4968-8776-655443322110';
const CLUSTER = '2a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

const scrapers = [
  {
    id: FILES,
    name: 'local-files',
    namespace: 'default',
    source: 'UI',
    spec: { file: [{ type: 'Shop::Service', id: '$.id', paths: ['services/*.json'] }] },
    job_status: 'SUCCESS',
    job_details: { scrape_summary: SCRAPE_SUMMARY },
    job_time_start: '2026-11-25T08:59:00Z',
    last_runtime: '2026-11-25T08:59:00Z',
    created_by: { id: 'p1', name: 'Alice Romero', avatar: null },
    created_at: '2026-11-24T10:00:00Z',
    updated_at: '2026-11-24T10:00:00Z',
  },
  { id: CLUSTER, name: 'cluster', namespace: 'ops', source: 'kubernetes/ops/cluster', spec: { kubernetes: [{ clusterName: 'prod' }] }, job_status: null, job_details: null, created_at: '2026-11-23T10:00:00Z' },
];

const run = scraperRun(FILES);

function render(url: string) {
  return renderSettings(url, [
    dbRoute('GET', 'config_scrapers_with_status', () => rows(scrapers)),
    dbRoute('GET', 'config_scrapers', (request) => rows(scrapers.filter((scraper) => request.url.search.includes(scraper.id)))),
    dbRoute('GET', 'job_histories', () => rows([run])),
    { path: /\/api\/schemas\//, respond: () => json({ type: 'object' }) },
  ]);
}

describe('/catalog/scrapers', () => {
  it('lists scrapers with the icon of their kind, job status with (View details) opening the run it shows, and opens one on click', async () => {
    const app = render('/catalog/scrapers');
    const table = await screen.findByRole('table', { name: 'Scrapers' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent?.trim())).toEqual(
      expect.arrayContaining(['Name', 'Namespace', 'Source', 'Job Status', 'Last Run', 'Created By', 'Created At', 'Updated At']),
    );
    const files = (await within(table).findByText('local-files')).closest('tr')!;
    expect(within(files).getByRole('img', { name: 'file' })).toBeTruthy();
    expect(within(files).getByText('SUCCESS')).toBeTruthy();
    const cluster = within(table).getByText('cluster').closest('tr')!;
    expect(within(cluster).getByRole('img', { name: 'kubernetes' })).toBeTruthy();
    expect(within(cluster).queryByRole('button', { name: '(View details)' })).toBeNull();

    await app.user.click(within(files).getByRole('button', { name: '(View details)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Details for job ScraperRun' });
    expect(within(dialog).getByText(/Shop::Service/)).toBeTruthy();
    // The run the row shows, not a newer one started since the list loaded.
    expect(paramsOf(app.server.to('/api/db/job_histories', 'GET')[0]!.url)).toMatchObject({ resource_id: `eq.${FILES}`, time_start: 'eq.2026-11-25T08:59:00Z', limit: '1' });
    expect(app.router.state.location.pathname).toBe('/catalog/scrapers');
    await app.user.keyboard('{Escape}');

    await app.user.click(within(table).getByText('local-files'));
    await waitFor(() => expect(app.router.state.location.pathname).toBe(`/catalog/scrapers/${FILES}`));
  });

  it("shows a scraper's Spec with the scraper form and its Job History", async () => {
    const app = render(`/catalog/scrapers/${FILES}`);
    expect(await screen.findByRole('heading', { name: 'local-files' })).toBeTruthy();
    const card = await screen.findByRole('group', { name: 'File scraper 1' });
    expect((within(card).getByLabelText(/^Type/) as HTMLInputElement).value).toBe('Shop::Service');
    expect(screen.getByRole('button', { name: 'Update' })).toBeTruthy();
    expect((screen.getAllByLabelText(/^Name/)[0] as HTMLInputElement).disabled).toBe(true);
    await app.user.click(screen.getByRole('tab', { name: 'Job History' }));
    expect(await screen.findByText('ScraperRun')).toBeTruthy();
    expect(app.server.to('/api/db/job_histories', 'GET').some((request) => request.url.search.includes(FILES))).toBe(true);
  });

  it("shows 'Linked to' instead of the actions for a scraper from Kubernetes", async () => {
    render(`/catalog/scrapers/${CLUSTER}`);
    expect(await screen.findByText(/Linked to Kubernetes/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
    expect(screen.getByText(/These kinds have no form here/)).toBeTruthy();
  });
});
