import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { dbRoute, paramsOf, renderSettings, rows, stubTextLayout } from '../../../test/render-settings';
import { SCRAPE_SUMMARY, scraperRun } from '../../../test/scraper-run';

beforeAll(stubTextLayout);

const SCRAPER = '1f0e2d3c-4b5a-4968-8776-655443322110';
const TOPOLOGY = '2a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const BACKEND = '3b2c1d0e-6f5a-4b8c-9d0e-1f2a3b4c5d6e';
const AGENT = '4c3d2e1f-7a6b-4c9d-8e0f-2a3b4c5d6e7f';
const ALICE = '5d4e3f2a-8b7c-4d0e-9f1a-3b4c5d6e7f80';

const row = (fields: Record<string, unknown>) => ({
  namespace: 'default',
  source: null,
  agent_id: '00000000-0000-0000-0000-000000000000',
  agent: { id: '00000000-0000-0000-0000-000000000000', name: 'local' },
  job_status: null,
  job_details: null,
  job_name: null,
  job_time_start: null,
  last_runtime: null,
  created_by: null,
  created_at: '2026-11-24T10:00:00Z',
  updated_at: '2026-11-24T10:00:00Z',
  ...fields,
});

const integrations = [
  row({ id: SCRAPER, name: 'local-files', integration_type: 'scrapers', source: 'UI', job_status: 'SUCCESS', job_details: { scrape_summary: SCRAPE_SUMMARY }, job_name: 'ScraperRun', job_time_start: '2026-11-25T08:59:00Z', last_runtime: '2026-11-25T08:59:00Z', created_by: ALICE }),
  row({ id: TOPOLOGY, name: 'shop', integration_type: 'topologies', namespace: 'ops', agent_id: AGENT, agent: { id: AGENT, name: 'eu-cluster' }, job_status: 'FAILED' }),
  row({ id: BACKEND, name: 'app-logs', integration_type: 'logging_backends', source: 'ConfigFile:/etc/pharos/logs.yaml' }),
];

const run = scraperRun(SCRAPER);

function render(url: string, roles: ('admin' | 'viewer' | 'editor')[] = ['admin']) {
  return renderSettings(
    url,
    [
      dbRoute('GET', 'integrations_with_status', () => rows(integrations, 53)),
      dbRoute('GET', 'people', () => rows([{ id: ALICE, name: 'Alice Romero', avatar: null }])),
      dbRoute('GET', 'job_histories', () => rows([run])),
      dbRoute('GET', 'topologies', () => rows([])),
    ],
    { roles },
  );
}

describe('/settings/integrations', () => {
  it('lists scrapers, topologies and log backends with their icon, agent, job status and creator, a page at a time', async () => {
    const app = render('/settings/integrations?pageIndex=1&pageSize=25');
    const table = await screen.findByRole('table', { name: 'Integrations' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent?.trim())).toEqual([
      'Name',
      'Namespace',
      'Source',
      'Job Status',
      'Last Run',
      'Created By',
      'Created At',
      'Updated At',
    ]);
    const scraper = (await within(table).findByText('local-files')).closest('tr')!;
    expect(within(scraper).getByRole('img', { name: 'Catalog Scraper' })).toBeTruthy();
    expect(within(scraper).getByText('SUCCESS')).toBeTruthy();
    expect(await within(scraper).findByText('Alice Romero')).toBeTruthy();
    const topology = within(table).getByText('shop').closest('tr')!;
    expect(within(topology).getByRole('img', { name: 'Topology' })).toBeTruthy();
    expect(within(topology).getByTitle('Agent').textContent).toBe('eu-cluster');
    // A run without details has no link.
    expect(within(topology).queryByRole('button', { name: '(View details)' })).toBeNull();
    const backend = within(table).getByText('app-logs').closest('tr')!;
    expect(within(backend).getByRole('img', { name: 'Log Backend' })).toBeTruthy();
    expect(within(backend).queryByTitle('Agent')).toBeNull();
    expect(within(backend).getByText('ConfigFile:/etc/pharos/logs.yaml')).toBeTruthy();

    const [list] = app.server.to('/api/db/integrations_with_status', 'GET');
    expect(paramsOf(list!.url)).toMatchObject({ order: 'created_at.desc', offset: '25', limit: '25' });
    expect(list!.headers.get('Prefer')).toContain('count=exact');
    expect(paramsOf(app.server.to('/api/db/people', 'GET')[0]!.url)).toMatchObject({ id: `in.(${ALICE})` });
  });

  it('opens the last job of a row from (View details) without leaving the list', async () => {
    const app = render('/settings/integrations');
    const table = await screen.findByRole('table', { name: 'Integrations' });
    const scraper = (await within(table).findByText('local-files')).closest('tr')!;
    await app.user.click(within(scraper).getByRole('button', { name: '(View details)' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Details for job ScraperRun' }));
    expect(dialog.getByRole('region', { name: 'Scrape Summary' }).textContent).toContain('Shop::Service');
    expect(paramsOf(app.server.to('/api/db/job_histories', 'GET')[0]!.url)).toMatchObject({ resource_id: `eq.${SCRAPER}`, time_start: 'eq.2026-11-25T08:59:00Z', limit: '1' });
    expect(app.location()).toBe('/settings/integrations');
  });

  it('opens a row at /settings/integrations/{type}/{id}', async () => {
    const app = render('/settings/integrations');
    const table = await screen.findByRole('table', { name: 'Integrations' });
    await app.user.click(await within(table).findByText('shop'));
    await waitFor(() => expect(app.location()).toBe(`/settings/integrations/topologies/${TOPOLOGY}`));
  });

  it('offers Add only with write on integrations', async () => {
    render('/settings/integrations', ['viewer']);
    await screen.findByRole('table', { name: 'Integrations' });
    await screen.findByText('local-files');
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
  });
});
