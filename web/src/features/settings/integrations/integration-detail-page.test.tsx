import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub';
import { dbRoute, paramsOf, renderSettings, rows, stubTextLayout } from '../../../test/render-settings';

beforeAll(stubTextLayout);

const SCRAPER = '1f0e2d3c-4b5a-4968-8776-655443322110';
const TOPOLOGY = '2a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const BACKEND = '3b2c1d0e-6f5a-4b8c-9d0e-1f2a3b4c5d6e';
const CREATED = '2026-11-24T10:00:00Z';

const scraper = { id: SCRAPER, name: 'inventory', namespace: 'default', source: null, spec: { schedule: '@every 5m', exec: [{ script: 'echo []' }] }, created_at: CREATED };
const topology = { id: TOPOLOGY, name: 'shop', namespace: 'default', source: 'UI', labels: {}, spec: { icon: 'shop', components: [{ name: 'checkout' }] }, created_at: CREATED };
const backend = { id: BACKEND, name: 'app-logs', namespace: 'default', source: 'ConfigFile:/etc/pharos/logs.yaml', labels: {}, spec: { file: { paths: ['/var/log/app.log'] } }, created_at: CREATED };

const run = {
  id: '9e8d7c6b-5a49-4837-9261-504938271605',
  name: 'ScraperRun',
  status: 'FAILED',
  resource_id: SCRAPER,
  resource_type: 'config_scraper',
  resource_name: 'inventory',
  duration_millis: 120,
  success_count: 0,
  error_count: 1,
  time_start: '2026-11-25T08:59:00Z',
  details: { errors: ['exit status 1'] },
  created_at: '2026-11-25T08:59:00Z',
};

function render(url: string) {
  return renderSettings(url, [
    dbRoute('GET', 'integrations_with_status', () => rows([])),
    dbRoute('GET', 'config_scrapers', () => rows([scraper])),
    dbRoute('PATCH', 'config_scrapers', () => json([{ id: SCRAPER, name: 'inventory' }])),
    dbRoute('GET', 'topologies', () => rows([topology])),
    dbRoute('PATCH', 'topologies', () => json([{ id: TOPOLOGY, name: 'shop' }])),
    dbRoute('GET', 'logging_backends', () => rows([backend])),
    dbRoute('GET', 'job_histories', () => rows([run])),
    { path: /\/api\/schemas\//, respond: () => json({ type: 'object' }) },
  ]);
}

describe('/settings/integrations/{type}/{id}', () => {
  it('edits a scraper with the scraper form and returns to the integrations after Update', async () => {
    const app = render(`/settings/integrations/scrapers/${SCRAPER}`);
    expect(await screen.findByRole('heading', { name: 'inventory' })).toBeTruthy();
    expect(screen.getAllByRole('tab').slice(0, 2).map((tab) => tab.textContent)).toEqual(['Spec', 'Job History']);
    const form = within(await screen.findByRole('form', { name: 'Edit inventory' }));
    await app.user.type(form.getByLabelText('Source'), 'git');
    await app.user.click(form.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('inventory updated successfully')).toBeTruthy();
    expect(app.server.to('/api/db/config_scrapers', 'PATCH')[0]?.body).toMatchObject({ source: 'git' });
    await waitFor(() => expect(app.location()).toBe('/settings/integrations'));
  });

  it('returns to the integrations after a scraper is deleted', async () => {
    const app = render(`/settings/integrations/scrapers/${SCRAPER}`);
    const form = within(await screen.findByRole('form', { name: 'Edit inventory' }));
    await app.user.click(form.getByRole('button', { name: 'Delete' }));
    await app.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(app.location()).toBe('/settings/integrations'));
    expect(app.server.to('/api/db/config_scrapers', 'PATCH')[0]?.body).toHaveProperty('deleted_at');
  });

  it('saves a topology with the topology form and returns to the integrations', async () => {
    const app = render(`/settings/integrations/topologies/${TOPOLOGY}`);
    const form = within(await screen.findByRole('form', { name: /shop/ }));
    await app.user.click(form.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('shop updated successfully')).toBeTruthy();
    expect(app.server.to('/api/db/topologies', 'PATCH')).toHaveLength(1);
    await waitFor(() => expect(app.location()).toBe('/settings/integrations'));
  });

  it('shows a log backend from a file as linked to it, without its submit buttons', async () => {
    render(`/settings/integrations/logging_backends/${BACKEND}`);
    const form = within(await screen.findByRole('form', { name: 'Edit app-logs' }));
    expect(form.getByRole('note').textContent).toBe('Linked to local file/etc/pharos/logs.yaml');
    expect(form.queryByRole('button', { name: 'Update' })).toBeNull();
    expect(form.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it("lists the resource's runs on Job History, 150 a page", async () => {
    const app = render(`/settings/integrations/scrapers/${SCRAPER}?tab=job-history`);
    const table = await screen.findByRole('table', { name: 'Job History' });
    expect(await within(table).findByText('FAILED')).toBeTruthy();
    const request = app.server.to('/api/db/job_histories', 'GET')[0]!;
    expect(paramsOf(request.url)).toMatchObject({ resource_id: `eq.${SCRAPER}`, resource_type: 'eq.config_scraper', limit: '150' });
  });

  it("says 'Unknown type' for any other type", async () => {
    render(`/settings/integrations/canaries/${SCRAPER}`);
    expect(await screen.findAllByText('Unknown type', {})).not.toHaveLength(0);
  });
});
