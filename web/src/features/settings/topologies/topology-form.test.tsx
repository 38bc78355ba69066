import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub';
import { dbRoute, renderSettings, replaceEditorText, rows, stubTextLayout } from '../../../test/render-settings';

beforeAll(stubTextLayout);

const ID = '3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a99';
const SHOP = {
  id: ID,
  name: 'shop',
  namespace: 'default',
  labels: {},
  source: 'UI',
  spec: { schedule: '@every 5m', icon: 'shop', type: 'Shop', components: [{ name: 'checkout', type: 'Service', properties: [{ name: 'orders', lookup: { http: [{ url: 'http://shop/orders' }] } }] }] },
  created_at: '2026-11-25T09:00:00Z',
  updated_at: '2026-11-25T09:00:00Z',
};

function open(url: string, topology: Record<string, unknown> = SHOP) {
  return renderSettings(url, [
    dbRoute('GET', 'topologies_with_status', () => rows([])),
    dbRoute('GET', 'topologies', () => rows([topology])),
    dbRoute('POST', 'topologies', () => json([{ id: ID, name: 'payments' }], 201)),
    dbRoute('PATCH', 'topologies', () => json([{ id: ID, name: String(topology['name']) }])),
    dbRoute('GET', 'job_histories', () => rows([])),
    { path: /^\/api\/schemas\//, respond: () => json({ type: 'object' }) },
  ]);
}

describe('the topology form', () => {
  it("adds a topology with its own dialog: source 'UI', the root's fields and schedule, components as YAML (a list of named components)", async () => {
    const app = open('/settings/topologies');
    await app.user.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Topology' }));
    expect(dialog.getByRole('tab', { name: 'Form', selected: true })).toBeTruthy();
    expect((dialog.getByLabelText('Source') as HTMLInputElement).value).toBe('UI');
    expect((dialog.getByLabelText('Namespace') as HTMLInputElement).value).toBe('default');

    await app.user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByText('This field is required')).toBeTruthy();
    expect(app.server.to('/api/db/topologies', 'POST')).toHaveLength(0);

    await app.user.type(dialog.getAllByLabelText(/^Name/)[0]!, 'payments');
    await app.user.selectOptions(dialog.getByLabelText('Schedule'), '@every 5m');
    await app.user.type(dialog.getByLabelText('Icon'), 'bank');
    await app.user.type(dialog.getByLabelText('Type'), 'Payments');
    await replaceEditorText('Components', '- type: Service\n');
    expect(dialog.getByText('Every component needs a name')).toBeTruthy();
    await app.user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(app.server.to('/api/db/topologies', 'POST')).toHaveLength(0);
    await replaceEditorText('Components', 'components: [');
    expect(dialog.getByText(/^Components must be a YAML list/)).toBeTruthy();

    await replaceEditorText('Components', '- name: ledger\n  type: Database\n  checks:\n    - inline:\n        tcp:\n          - name: ledger\n            endpoint: db:5432\n');
    expect(dialog.queryByText(/Every component needs a name|Components must be/)).toBeNull();
    await app.user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('payments created successfully')).toBeTruthy();
    expect(app.server.to('/api/db/topologies', 'POST')[0]?.body).toEqual({
      name: 'payments',
      namespace: 'default',
      source: 'UI',
      labels: {},
      spec: {
        schedule: '@every 5m',
        icon: 'bank',
        type: 'Payments',
        components: [{ name: 'ledger', type: 'Database', checks: [{ inline: { tcp: [{ name: 'ledger', endpoint: 'db:5432' }] } }] }],
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a saved topology in the form and keeps the form and the YAML editor on one document', async () => {
    const app = open(`/settings/topologies/${ID}`);
    const icon = (await screen.findByLabelText('Icon')) as HTMLInputElement;
    expect(icon.value).toBe('shop');
    expect((screen.getByLabelText('Schedule') as HTMLSelectElement).value).toBe('@every 5m');
    expect(screen.getByRole('textbox', { name: 'Components' }).textContent).toContain('url: http://shop/orders');
    await app.user.clear(icon);
    await app.user.type(icon, 'store');
    await app.user.click(screen.getByRole('tab', { name: 'YAML' }));
    expect((await screen.findByRole('textbox', { name: 'Spec' })).textContent).toContain('icon: store');
    await app.user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('shop updated successfully')).toBeTruthy();
    expect((app.server.to('/api/db/topologies', 'PATCH')[0]?.body as { spec: unknown }).spec).toEqual({ ...SHOP.spec, icon: 'store' });
  });

  it("shows 'Linked to' instead of the actions for a topology from Kubernetes, with the form read-only", async () => {
    open(`/settings/topologies/${ID}`, { ...SHOP, source: 'kubernetes/default/shop' });
    const note = await screen.findByRole('note');
    expect(note.textContent).toBe('Linked to Kubernetesdefault/shop');
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect((screen.getByLabelText('Icon') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Components' }).getAttribute('aria-readonly')).toBe('true');
  });
});
