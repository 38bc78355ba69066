import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../../test/fetch-stub';
import { dbRoute, renderSettings, replaceEditorText, rows, stubTextLayout } from '../../../../test/render-settings';
import { specFieldErrors } from './spec-errors';
import { HEALTH_CHECK_VARIANTS } from './variants';

beforeAll(stubTextLayout);

const ID = '0b8f5c3e-4a1d-4c6e-9d2f-1a2b3c4d5e6f';

function openAdd() {
  const app = renderSettings('/settings/canaries', [
    dbRoute('GET', 'canaries_with_status', () => rows([])),
    dbRoute('POST', 'canaries', () => json([{ id: ID, name: 'shop' }], 201)),
    dbRoute('GET', 'connections', () => rows([{ name: 'orders-mongo', namespace: 'default', type: 'mongo' }])),
    { path: '/api/schemas/canary.schema.json', respond: () => json({ type: 'object' }) },
  ]);
  return app;
}

async function addDialog(app: ReturnType<typeof openAdd>) {
  await app.user.click(await screen.findByRole('button', { name: 'Add' }));
  return screen.findByRole('dialog', { name: 'Add Health Check' });
}

describe('the health-check form', () => {
  it('builds a canary spec: schedule, a TCP check with required and number messages once touched, minimum 0, then Save', async () => {
    const app = openAdd();
    const dialog = await addDialog(app);
    expect(within(dialog).getByRole('tab', { name: 'Form', selected: true })).toBeTruthy();
    const schedule = within(dialog).getByLabelText('Schedule') as HTMLSelectElement;
    expect([...schedule.options].map((option) => option.value)).toEqual(['', '@every 30s', '@every 1m', '@every 5m', '@every 30m', '@hourly', '@every 6h', '@daily', '@weekly']);
    await app.user.selectOptions(schedule, '@every 30s');
    await app.user.type(within(dialog).getAllByLabelText('Name')[0]!, 'shop');
    await app.user.selectOptions(within(dialog).getByLabelText('Add a check'), 'TCP');
    const card = within(dialog).getByRole('group', { name: 'TCP check tcp-1' });

    const endpoint = within(card).getByLabelText(/^Endpoint/);
    await app.user.click(endpoint);
    expect(within(card).queryByText('This field is required')).toBeNull();
    await app.user.tab();
    expect(await within(card).findByText('This field is required')).toBeTruthy();
    await app.user.type(endpoint, '127.0.0.1:5432');
    expect(within(card).queryByText('This field is required')).toBeNull();

    const threshold = within(card).getByLabelText('Threshold (ms)');
    await app.user.type(threshold, 'abc');
    await app.user.tab();
    expect(await within(card).findByText('This field must be a number')).toBeTruthy();
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(app.server.to('/api/db/canaries', 'POST')).toHaveLength(0);
    await app.user.clear(threshold);
    await app.user.type(threshold, '-1');
    expect(await within(card).findByText('This field must be at least 0')).toBeTruthy();
    await app.user.clear(threshold);
    await app.user.type(threshold, '500');

    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('shop created successfully')).toBeTruthy();
    expect(app.server.to('/api/db/canaries', 'POST')[0]?.body).toEqual({
      name: 'shop',
      namespace: 'default',
      labels: {},
      spec: { schedule: '@every 30s', tcp: [{ name: 'tcp-1', endpoint: '127.0.0.1:5432', thresholdMillis: 500 }] },
    });
  });

  it('edits the same spec as the YAML editor, both ways', async () => {
    const app = openAdd();
    const dialog = await addDialog(app);
    await app.user.selectOptions(within(dialog).getByLabelText('Add a check'), 'HTTP');
    const card = within(dialog).getByRole('group', { name: 'HTTP check http-1' });
    await app.user.type(within(card).getByLabelText('URL'), 'https://shop.example.com/health');
    await app.user.type(within(card).getByLabelText('Headers'), 'Accept: application/json');
    await app.user.click(within(card).getByRole('radio', { name: 'Basic' }));
    await app.user.type(within(card).getByRole('textbox', { name: 'Username' }), 'monitor');
    await app.user.click(within(dialog).getByRole('tab', { name: 'YAML' }));
    const editor = await within(dialog).findByRole('textbox', { name: 'Spec' });
    await waitFor(() => expect(editor.textContent).toContain('url: https://shop.example.com/health'));
    expect(editor.textContent).toContain('Accept: application/json');
    expect(editor.textContent).toContain('type: basic');
    expect(editor.textContent).toContain('value: monitor');

    await replaceEditorText('Spec', 'schedule: "@every 5m"\nredis:\n  - name: cache\n    addr: 127.0.0.1:6379\ndns:\n  - name: www\n    query: example.com\n');
    await app.user.click(within(dialog).getByRole('tab', { name: 'Form' }));
    const redis = await within(dialog).findByRole('group', { name: 'Redis check cache' });
    expect((within(redis).getByLabelText(/^Address/) as HTMLInputElement).value).toBe('127.0.0.1:6379');
    expect((within(dialog).getByLabelText('Schedule') as HTMLSelectElement).value).toBe('@every 5m');
    expect(within(dialog).getByText(/change them in the YAML editor: dns: www/)).toBeTruthy();
    await app.user.click(within(redis).getByRole('button', { name: 'Remove cache' }));
    expect(within(dialog).queryByRole('group', { name: 'Redis check cache' })).toBeNull();
  });

  it.each(HEALTH_CHECK_VARIANTS.map((variant) => [variant.title, variant] as const))('offers the %s form with its fields', async (title, variant) => {
    const app = openAdd();
    const dialog = await addDialog(app);
    await app.user.selectOptions(within(dialog).getByLabelText('Add a check'), title);
    const card = within(dialog).getByRole('group', { name: new RegExp(`^${title.replace(/[()]/g, '.')} check `) });
    expect(within(card).getByLabelText(/^Name/)).toBeTruthy();
    const labels = within(card).getAllByText(/./, { selector: 'label, legend' }).map((label) => label.textContent);
    const expected: Readonly<Record<string, string[]>> = {
      http: ['URL', 'Method', 'Body', 'Headers', 'Response Codes', 'Threshold (ms)', 'Response Content', 'Max SSL Expiry (days)', 'Test', 'Display', 'Transform'],
      alertManager: ['Host', 'Alerts', 'Filters', 'Ignore', 'Test'],
      elasticsearch: ['URL', 'Index', 'Query', 'Results'],
      exec: ['Script', 'Test', 'Display', 'Transform'],
      folder: ['Path', 'Min Age', 'Max Age', 'Min Count', 'Max Count', 'Min Size', 'Max Size', 'Available Size', 'Total Size', 'Filter', 'Regex', 'Connection', 'Test'],
      icmp: ['Host', 'Packet Count', 'Packet Loss Threshold (%)', 'Threshold (ms)'],
      mongo: ['Connection', 'Basic Authentication', 'Test'],
      redis: ['Address', 'Database', 'Test', 'Basic Authentication'],
      tcp: ['Endpoint', 'Test', 'Threshold (ms)'],
    };
    for (const label of expected[variant.type]!) expect(labels.some((text) => text?.replace(/\*$/, '').trim().startsWith(label)), `${variant.type}: ${label}`).toBe(true);
    if (variant.type === 'redis') expect((within(card).getByLabelText('Database') as HTMLInputElement).value).toBe('0');
    if (variant.type === 'mongo') {
      const connection = within(card).getByLabelText('Use a saved MONGO connection') as HTMLSelectElement;
      await waitFor(() => expect([...connection.options].map((option) => option.value)).toContain('connection://default/orders-mongo'));
    }
  });
});

describe('specFieldErrors', () => {
  it('names each missing required field and bad number of the checks the form knows', () => {
    expect(specFieldErrors('icmp:\n  - name: ping\n    packetCount: -2\nfolder:\n  - name: backups\nredis:\n  - addr: x:1\n    db: zero\ndns:\n  - name: ignored\n')).toEqual([
      { key: 'folder.0.path', message: 'This field is required' },
      { key: 'icmp.0.endpoint', message: 'This field is required' },
      { key: 'icmp.0.packetCount', message: 'This field must be at least 0' },
      { key: 'redis.0.name', message: 'This field is required' },
      { key: 'redis.0.db', message: 'This field must be a number' },
    ]);
    expect(specFieldErrors('not: [valid')).toEqual([]);
  });
});
