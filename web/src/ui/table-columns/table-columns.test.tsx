import { createColumnHelper } from '@tanstack/react-table';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DataTable } from '../data-table';
import { act, renderWithRouter, screen, waitFor, within } from '../testing/render';
import { PreferenceCache, PreferenceProvider, type PreferenceBackend } from './preference-store';

interface Check {
  id: string;
  name: string;
  status: string;
  owner: string;
}

const column = createColumnHelper<Check>();
const columns = [
  column.accessor('name', { header: 'Name' }),
  column.accessor('status', { header: 'Status' }),
  column.accessor('owner', { header: () => <span>Owner</span>, meta: { label: 'Owner' } }),
];
const rows: Check[] = [{ id: '1', name: 'api', status: 'healthy', owner: 'ops' }];

function headers(): string[] {
  return within(screen.getByRole('table', { name: 'Checks' }))
    .getAllByRole('columnheader')
    .map((header) => header.textContent ?? '');
}

/** A backend keeping preferences in memory, as the server keeps them per person. */
function memoryBackend(): PreferenceBackend & { stored: Map<string, unknown> } {
  const stored = new Map<string, unknown>();
  return {
    stored,
    load: async (key) => stored.get(key) ?? null,
    save: async (key, value) => {
      if (value === null) stored.delete(key);
      else stored.set(key, value);
    },
  };
}

function table(backend?: PreferenceBackend) {
  const ui = <DataTable label="Checks" columns={columns} data={rows} getRowId={(row) => row.id} totalRowCount={1} />;
  return backend ? <PreferenceProvider cache={new PreferenceCache(backend)}>{ui}</PreferenceProvider> : ui;
}

async function openColumns(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Columns' }));
  return screen.findByRole('dialog', { name: 'Columns of Checks' });
}

describe('DataTable column controls', () => {
  it('hides and shows a column from the Columns menu', async () => {
    const user = userEvent.setup();
    renderWithRouter(table());
    expect(headers()).toEqual(['Name', 'Status', 'Owner']);
    const menu = await openColumns(user);
    await user.click(within(menu).getByRole('checkbox', { name: 'Status' }));
    expect(headers()).toEqual(['Name', 'Owner']);
    expect(screen.getByRole('cell', { name: 'ops' })).toBeTruthy();
    await user.click(within(menu).getByRole('checkbox', { name: 'Status' }));
    expect(headers()).toEqual(['Name', 'Status', 'Owner']);
  });

  it('never hides the last shown column', async () => {
    const user = userEvent.setup();
    renderWithRouter(table());
    const menu = await openColumns(user);
    await user.click(within(menu).getByRole('checkbox', { name: 'Status' }));
    await user.click(within(menu).getByRole('checkbox', { name: 'Owner' }));
    expect((within(menu).getByRole('checkbox', { name: 'Name' }) as HTMLInputElement).disabled).toBe(true);
    expect(headers()).toEqual(['Name']);
  });

  it('reorders columns with Alt+arrow keys on a column and with the move buttons', async () => {
    const user = userEvent.setup();
    renderWithRouter(table());
    const menu = await openColumns(user);
    within(menu).getByRole('checkbox', { name: 'Name' }).focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(headers()).toEqual(['Status', 'Name', 'Owner']);
    // Focus stays on the moved column, so it can keep moving.
    expect(document.activeElement).toBe(within(menu).getByRole('checkbox', { name: 'Name' }));
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(headers()).toEqual(['Status', 'Owner', 'Name']);
    await user.click(within(menu).getByRole('button', { name: 'Move Owner up' }));
    expect(headers()).toEqual(['Owner', 'Status', 'Name']);
  });

  it('resizes a column from its width field and by dragging its header edge', async () => {
    const user = userEvent.setup();
    renderWithRouter(table());
    const menu = await openColumns(user);
    const width = within(menu).getByRole('spinbutton', { name: 'Width of Status in pixels' });
    await user.clear(width);
    await user.type(width, '240');
    const status = screen.getByRole('columnheader', { name: 'Status' });
    expect(status.style.width).toBe('240px');

    const handle = status.querySelector<HTMLElement>('[data-resize-handle="Status"]');
    expect(handle).not.toBeNull();
    await user.pointer([
      { keys: '[MouseLeft>]', target: handle!, coords: { clientX: 100 } },
      { target: handle!, coords: { clientX: 160 } },
      { keys: '[/MouseLeft]', target: handle!, coords: { clientX: 160 } },
    ]);
    expect(status.style.width).toBe('300px');
    // The field shows the width in force once left.
    await user.tab();
    expect((width as HTMLInputElement).value).toBe('300');
    await user.clear(width);
    expect(status.style.width).toBe('');
  });

  it('resets the columns to the table’s own', async () => {
    const user = userEvent.setup();
    const backend = memoryBackend();
    renderWithRouter(table(backend));
    const menu = await openColumns(user);
    await user.click(within(menu).getByRole('checkbox', { name: 'Name' }));
    await user.click(within(menu).getByRole('button', { name: 'Move Owner up' }));
    expect(headers()).toEqual(['Owner', 'Status']);
    await waitFor(() => expect(backend.stored.has('table.checks')).toBe(true));
    await user.click(within(menu).getByRole('button', { name: 'Reset columns' }));
    expect(headers()).toEqual(['Name', 'Status', 'Owner']);
    await waitFor(() => expect(backend.stored.has('table.checks')).toBe(false));
  });

  it('remembers the columns for the person and shows them again on the next visit', async () => {
    const user = userEvent.setup();
    const backend = memoryBackend();
    const first = renderWithRouter(table(backend));
    const menu = await openColumns(user);
    await user.click(within(menu).getByRole('checkbox', { name: 'Status' }));
    within(menu).getByRole('checkbox', { name: 'Owner' }).focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await waitFor(() => expect(backend.stored.get('table.checks')).toEqual({ order: ['owner', 'name', 'status'], hidden: ['status'], widths: {} }));
    first.unmount();

    // A new page load: a fresh cache reading the same stored preferences.
    renderWithRouter(table(backend));
    await waitFor(() => expect(headers()).toEqual(['Owner', 'Name']));
  });

  it('loads the next person’s columns when the cache forgets the last one’s (sign-out)', async () => {
    const backend = memoryBackend();
    backend.stored.set('table.checks', { order: ['name', 'status', 'owner'], hidden: ['status'], widths: {} });
    const cache = new PreferenceCache(backend);
    renderWithRouter(
      <PreferenceProvider cache={cache}>
        <DataTable label="Checks" columns={columns} data={rows} getRowId={(row) => row.id} />
      </PreferenceProvider>,
    );
    await waitFor(() => expect(headers()).toEqual(['Name', 'Owner']));
    backend.stored.set('table.checks', { order: ['owner', 'name', 'status'], hidden: [], widths: {} });
    act(() => cache.forget());
    await waitFor(() => expect(headers()).toEqual(['Owner', 'Name', 'Status']));
  });

  it('takes the columns a shared URL carries, and saves a view whose link carries them with the filters', async () => {
    const user = userEvent.setup();
    const backend = memoryBackend();
    const view = renderWithRouter(table(backend), '/?status=healthy&columns=status:200,name');
    await waitFor(() => expect(headers()).toEqual(['Status', 'Name']));
    expect(screen.getByRole('columnheader', { name: 'Status' }).style.width).toBe('200px');

    await user.click(screen.getByRole('button', { name: 'Views' }));
    const views = await screen.findByRole('dialog', { name: 'Views of Checks' });
    await user.type(within(views).getByRole('textbox', { name: 'View name' }), 'Healthy only');
    await user.click(within(views).getByRole('button', { name: 'Save view' }));
    const link = within(views).getByRole('link', { name: 'Healthy only' });
    const saved = new URLSearchParams(link.getAttribute('href')?.split('?')[1]);
    expect(saved.get('status')).toBe('healthy');
    expect(saved.get('columns')).toBe('status:200,name');
    await waitFor(() => expect(backend.stored.get('views.checks')).toEqual([{ id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Healthy only', search: saved.toString(), path: '/' }]));
    // The link to share names the view by its id; another person opens it read-only.
    await user.click(within(views).getByRole('button', { name: 'Copy link to Healthy only' }));
    const { id } = (backend.stored.get('views.checks') as { id: string }[])[0]!;
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/?view=${id}`));
    await user.keyboard('{Escape}');

    // Changing columns while the URL carries them keeps the change in the URL, not in the person's own layout.
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const menu = await screen.findByRole('dialog', { name: 'Columns of Checks' });
    await user.click(within(menu).getByRole('checkbox', { name: 'Owner' }));
    expect(view.param('columns')).toBe('status:200,name,owner');
    expect(backend.stored.has('table.checks')).toBe(false);
  });
});
