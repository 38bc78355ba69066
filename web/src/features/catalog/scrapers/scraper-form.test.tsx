import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub';
import { dbRoute, renderSettings, replaceEditorText, rows, stubTextLayout } from '../../../test/render-settings';
import { scraperFieldErrors } from './scraper-errors';

beforeAll(stubTextLayout);

const ID = '5d0c9a8e-3b7f-4e21-a6c4-9f8e7d6c5b4a';

function openList() {
  return renderSettings('/catalog/scrapers', [
    dbRoute('GET', 'config_scrapers_with_status', () => rows([])),
    dbRoute('POST', 'config_scrapers', () => json([{ id: ID, name: 'inventory' }], 201)),
    dbRoute('GET', 'config_scrapers', () => rows([{ id: ID, name: 'inventory', namespace: 'default', source: null, spec: {}, created_at: '2026-11-25T09:00:00Z' }])),
    dbRoute('GET', 'job_histories', () => rows([])),
    { path: '/api/schemas/config-scraper.schema.json', respond: () => json({ type: 'object' }) },
    { path: /\/api\/schemas\//, respond: () => json({ type: 'object' }) },
  ]);
}

async function addDialog(app: ReturnType<typeof openList>) {
  await app.user.click(await screen.findByRole('button', { name: 'Add' }));
  return screen.findByRole('dialog', { name: 'Add Catalog Scraper' });
}

describe('the scraper form', () => {
  it('adds a file scraper: kind chooser, type, id, format and icon required with their message, schedule, then Save', async () => {
    const app = openList();
    const dialog = await addDialog(app);
    expect(within(dialog).getByRole('tab', { name: 'Form', selected: true })).toBeTruthy();
    await app.user.type(within(dialog).getAllByLabelText(/^Name/)[0]!, 'inventory');
    const kind = within(dialog).getByLabelText('Kind') as HTMLSelectElement;
    expect([...kind.options].map((option) => option.textContent)).toEqual(['Add a scraper of kind…', 'File', 'Script', 'HTTP', 'SQL', 'Kubernetes File']);
    await app.user.selectOptions(kind, 'File');
    const card = within(dialog).getByRole('group', { name: 'File scraper 1' });

    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(card).getAllByText('This field is required')).toHaveLength(4);
    expect(app.server.to('/api/db/config_scrapers', 'POST')).toHaveLength(0);
    // Beside the button, what is missing and where.
    expect(within(within(dialog).getByRole('list', { name: 'Required fields' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'File scraper 1: Type: This field is required',
      'File scraper 1: ID: This field is required',
      'File scraper 1: Format: This field is required',
      'File scraper 1: Icon: This field is required',
    ]);

    await app.user.type(within(card).getByLabelText(/^Type/), 'Shop::Service');
    await app.user.type(within(card).getByLabelText(/^ID/), '$.id');
    await app.user.type(within(card).getByLabelText(/^Format/), 'json');
    await app.user.type(within(card).getByLabelText(/^Icon/), 'shop');
    await app.user.type(within(card).getByLabelText('Items'), '$.services[[*]');
    await app.user.type(within(card).getByLabelText('Paths'), 'services/*.json, extra.json');
    expect(within(card).queryByText('This field is required')).toBeNull();
    expect(within(dialog).queryByRole('list', { name: 'Required fields' })).toBeNull();
    await app.user.selectOptions(within(dialog).getByLabelText('Schedule'), '@every 5m');

    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('inventory created successfully')).toBeTruthy();
    expect(app.server.to('/api/db/config_scrapers', 'POST')[0]?.body).toEqual({
      name: 'inventory',
      source: null,
      spec: {
        schedule: '@every 5m',
        file: [{ type: 'Shop::Service', id: '$.id', format: 'json', icon: 'shop', items: '$.services[*]', paths: ['services/*.json', 'extra.json'] }],
      },
    });
    await waitFor(() => expect(app.router.state.location.pathname).toBe(`/catalog/scrapers/${ID}`));
  });

  it('edits the same spec as the YAML editor, both ways, kubernetesFile files and selector included', async () => {
    const app = openList();
    const dialog = await addDialog(app);
    await app.user.selectOptions(within(dialog).getByLabelText('Kind'), 'Kubernetes File');
    const card = within(dialog).getByRole('group', { name: 'Kubernetes File scraper 1' });
    await app.user.type(within(card).getByLabelText('Kind'), 'Deployment');
    await app.user.type(within(card).getByLabelText('Files'), 'manifests/*.yaml');
    await app.user.click(within(dialog).getByRole('tab', { name: 'YAML' }));
    const editor = await within(dialog).findByRole('textbox', { name: 'Spec' });
    await waitFor(() => expect(editor.textContent).toContain('kind: Deployment'));
    expect(editor.textContent).toContain('- manifests/*.yaml');

    await replaceEditorText('Spec', 'http:\n  - url: https://inventory.example.com/api\n    type: Inventory::Host\n');
    await app.user.click(within(dialog).getByRole('tab', { name: 'Form' }));
    const http = within(dialog).getByRole('group', { name: 'HTTP scraper 1' });
    expect((within(http).getByLabelText(/^URL/) as HTMLInputElement).value).toBe('https://inventory.example.com/api');
    expect(within(dialog).queryByRole('group', { name: 'Kubernetes File scraper 1' })).toBeNull();
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // http needs url, type and id: the id is missing.
    expect(within(http).getAllByText('This field is required')).toHaveLength(1);
    expect(app.server.to('/api/db/config_scrapers', 'POST')).toHaveLength(0);
  });

  it("knows spec 3 section 5's required fields of each kind", () => {
    const keys = (yaml: string) => scraperFieldErrors(yaml).map((error) => error.key);
    expect(keys('file:\n  - paths: [a.json]\n')).toEqual(['file.0.type', 'file.0.id', 'file.0.format', 'file.0.icon']);
    expect(keys('http:\n  - {}\n')).toEqual(['http.0.type', 'http.0.id', 'http.0.url']);
    expect(keys('sql:\n  - connection: connection://default/db\n')).toEqual(['sql.0.query']);
    expect(keys('exec:\n  - script: echo []\nkubernetesFile:\n  - files: [{path: [a.yaml]}]\n')).toEqual([]);
    expect(keys('kubernetes:\n  - {}\n')).toEqual([]);
    expect(keys('not: [valid')).toEqual([]);
  });
});
