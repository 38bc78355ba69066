import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub';
import { dbRoute, renderSettings, rows } from '../../../test/render-settings';

const SAVED = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'prod-db',
  namespace: 'default',
  type: 'postgres',
  url: 'postgres://db:5432/app',
  username: 'app',
  password: null,
  certificate: null,
  insecure_tls: false,
  properties: {},
  secrets_set: ['password'],
  source: 'UI',
  created_by: null,
  created_at: '2024-03-01T10:00:00Z',
  updated_at: '2024-03-02T10:00:00Z',
};

function routes() {
  return [
    dbRoute('GET', 'connections', () => rows([{ ...SAVED, created_by: { id: 'p1', name: 'Grace Hopper', avatar: null } }])),
    { method: 'GET', path: `/api/connections/${SAVED.id}`, respond: () => json(SAVED) },
    { method: 'PATCH', path: `/api/connections/${SAVED.id}`, respond: () => json(SAVED) },
    { method: 'POST', path: '/api/connections', respond: () => json(SAVED, 201) },
    { method: 'POST', path: `/api/connection/test/${SAVED.id}`, respond: () => json({ code: 'CONNECTION_TEST_FAILED', message: 'x', error: '{"reason":"refused"}' }, 400) },
  ];
}

describe('/settings/connections', () => {
  it('lists connections with their type and opens one to edit: a saved password is kept when left empty', async () => {
    const user = userEvent.setup();
    const app = renderSettings('/settings/connections', routes());
    const table = await screen.findByRole('table', { name: 'Connections' });
    const row = (await within(table).findByText('prod-db')).closest('tr')!;
    expect(within(row).getByText('PostgreSQL')).toBeTruthy();
    await user.click(row);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Connection' });
    await within(dialog).findByText('A value is saved; leave the field empty to keep it.');
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(app.server.to(`/api/connections/${SAVED.id}`, 'PATCH')).toHaveLength(1));
    const body = app.server.to(`/api/connections/${SAVED.id}`, 'PATCH')[0]!.body as Record<string, unknown>;
    expect(body).toEqual({ name: 'prod-db', namespace: 'default', type: 'postgres', url: 'postgres://db:5432/app', username: 'app', properties: {} });
    expect(await screen.findByText('Connection updated successfully')).toBeTruthy();
  });

  it('lists a connection applied from mission-control of a type Pharos has no form for, and says how to change it', async () => {
    const user = userEvent.setup();
    const openai = { ...SAVED, id: '22222222-2222-4222-8222-222222222222', name: 'gpt', type: 'openai', url: null, username: null, properties: { model: 'gpt-4o' }, source: 'ConfigFile' };
    renderSettings('/settings/connections', [
      dbRoute('GET', 'connections', () => rows([openai])),
      { method: 'GET', path: `/api/connections/${openai.id}`, respond: () => json(openai) },
    ]);
    const row = (await screen.findByText('gpt')).closest('tr')!;
    expect(within(row).getByText('openai')).toBeTruthy();
    await user.click(row);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Connection' });
    expect((await within(dialog).findByRole('status')).textContent).toContain('Pharos keeps openai connections applied from mission-control files but has no form for them');
  });

  it('pretty-prints a JSON error of a test', async () => {
    const user = userEvent.setup();
    renderSettings('/settings/connections', routes());
    await user.click((await screen.findByText('prod-db')).closest('tr')!);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Connection' });
    await user.click(await within(dialog).findByRole('button', { name: 'Test' }));
    const result = await screen.findByRole('dialog', { name: 'Test connection' });
    expect(within(result).getByRole('alert').textContent).toBe('{\n  "reason": "refused"\n}');
  });

  it('new: type chooser, required fields once touched, switch fields, secret modes that clear, Back', async () => {
    const user = userEvent.setup();
    const app = renderSettings('/settings/connections', routes());
    await user.click(await screen.findByRole('button', { name: 'Add Connection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Connection' });
    await user.click(within(dialog).getByRole('button', { name: 'Git' }));
    expect(within(dialog).queryByText('This field is required')).toBeNull();
    fireEvent.blur(within(dialog).getByLabelText('URL'));
    expect(within(dialog).getByText('This field is required')).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: 'SSH' }));
    expect((within(dialog).getByRole('radio', { name: 'SSH' }) as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByLabelText('Private key')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await user.click(within(dialog).getByRole('button', { name: 'PostgreSQL' }));
    await user.type(within(dialog).getByLabelText('Name'), 'db');
    await user.type(within(dialog).getByLabelText('URL'), 'postgres://db/app');
    await user.type(within(dialog).getByLabelText('Password'), 'typed');
    const source = within(dialog).getByRole('radiogroup', { name: 'Password source' });
    await user.click(within(source).getByRole('radio', { name: 'Secret' }));
    await user.type(within(dialog).getByLabelText('Secret name'), 'db-creds');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Username missing, and a reference needs its key too.
    expect(app.server.to('/api/connections', 'POST')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Key'), 'password');
    await user.click(within(source).getByRole('radio', { name: 'Static' }));
    expect((within(dialog).getByLabelText('Password') as HTMLInputElement).value).toBe('');
    await user.click(within(source).getByRole('radio', { name: 'ConfigMap' }));
    await user.type(within(dialog).getByLabelText('ConfigMap name'), 'settings');
    await user.type(within(dialog).getByLabelText('Key'), 'db-password');
    await user.type(within(dialog).getByLabelText('Username'), 'app');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(app.server.to('/api/connections', 'POST')).toHaveLength(1));
    expect(app.server.to('/api/connections', 'POST')[0]!.body).toEqual({
      name: 'db',
      namespace: 'default',
      type: 'postgres',
      url: 'postgres://db/app',
      username: 'app',
      password: 'configmap://settings/db-password',
      properties: {},
    });
  });
});
