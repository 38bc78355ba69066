import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StubRoute } from '../../test/fetch-stub';
import { dbRoute, renderSettings, rows } from '../../test/render-settings';

const INCIDENT = {
  id: 'i1',
  incident_id: 'INC-1',
  title: 'Checkout is down',
  type: 'availability',
  severity: 'high',
  status: 'open',
  created_at: new Date().toISOString(),
  created_by: 'u1',
  commander: null,
  responders: [],
  component_ids: [],
};

/** /api/preferences as the server keeps them for the signed-in person: in `stored`, by key. */
function preferenceRoutes(stored: Map<string, unknown>): StubRoute[] {
  const path = /^\/api\/preferences\/([^?]+)/;
  const keyOf = (url: URL) => decodeURIComponent(path.exec(url.pathname)![1]!);
  return [
    { method: 'GET', path, respond: (request) => ({ status: 200, body: { value: stored.get(keyOf(request.url)) ?? null } }) },
    {
      method: 'PUT',
      path,
      respond: (request) => {
        stored.set(keyOf(request.url), (request.body as { value: unknown }).value);
        return { status: 200, body: {} };
      },
    },
    {
      method: 'DELETE',
      path,
      respond: (request) => {
        stored.delete(keyOf(request.url));
        return { status: 204 };
      },
    },
  ];
}

const SHARED = {
  id: '3f0c9a52-8d0e-4c1b-9a57-0c4d1e2b7a61',
  name: 'Closed by type',
  path: '/incidents',
  search: 'status=closed&columns=incident,type:220',
  owner: { id: 'p-ada', name: 'Ada Lovelace' },
  own: false,
};

const viewRoute: StubRoute = {
  method: 'GET',
  path: /^\/api\/views\//,
  respond: (request) =>
    request.url.pathname === `/api/views/${SHARED.id}`
      ? { status: 200, body: SHARED }
      : { status: 404, body: { code: 'NOT_FOUND', message: `No saved view has the id ${request.url.pathname.split('/').at(-1)}; its owner may have deleted it` } },
};

function render(stored: Map<string, unknown>, url = '/incidents') {
  return renderSettings(url, [viewRoute, ...preferenceRoutes(stored), dbRoute('GET', 'incident_summary', () => rows([INCIDENT])), dbRoute('GET', 'people', () => rows([])), dbRoute('GET', 'components', () => rows([]))]);
}

async function headers(): Promise<string[]> {
  const table = await screen.findByRole('table', { name: 'Incidents' });
  return within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent ?? '');
}

async function openColumns(app: ReturnType<typeof render>) {
  await app.user.click(await screen.findByRole('button', { name: 'Columns' }));
  return screen.findByRole('dialog', { name: 'Columns of Incidents' });
}

const ALL = ['Incident', 'Severity', 'Status', 'Type', 'Responders', 'Created'];

describe('/incidents columns', () => {
  it('hides and shows a column, never the incident itself, and remembers it for the person', async () => {
    const stored = new Map<string, unknown>();
    const app = render(stored);
    expect(await headers()).toEqual(ALL);
    const menu = await openColumns(app);
    expect((within(menu).getByRole('checkbox', { name: 'Incident' }) as HTMLInputElement).disabled).toBe(true);
    await app.user.click(within(menu).getByRole('checkbox', { name: 'Type' }));
    expect(await headers()).toEqual(['Incident', 'Severity', 'Status', 'Responders', 'Created']);
    const row = screen.getByRole('link', { name: /Checkout is down/ }).closest('tr')!;
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toContain('High');
    expect(within(row).queryByText('Availability')).toBeNull();
    await waitFor(() => expect(stored.get('table.incidents')).toMatchObject({ hidden: ['type'] }));
    app.unmount();

    // the next visit shows the person's columns
    render(stored);
    await waitFor(async () => expect(await headers()).toEqual(['Incident', 'Severity', 'Status', 'Responders', 'Created']));
  });

  it('reorders with Alt+arrow keys on a column and with the move buttons', async () => {
    const app = render(new Map());
    const menu = await openColumns(app);
    within(menu).getByRole('checkbox', { name: 'Severity' }).focus();
    await app.user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(await headers()).toEqual(['Incident', 'Status', 'Severity', 'Type', 'Responders', 'Created']);
    await app.user.click(within(menu).getByRole('button', { name: 'Move Created up' }));
    expect(await headers()).toEqual(['Incident', 'Status', 'Severity', 'Type', 'Created', 'Responders']);
    const cells = within(screen.getByRole('link', { name: /Checkout is down/ }).closest('tr')!).getAllByRole('cell');
    expect(cells[1]!.textContent).toBe('Open');
    expect(cells[2]!.textContent).toBe('High');
  });

  it('resizes from the width field and by dragging the header edge, and resets to the table’s own columns', async () => {
    const stored = new Map<string, unknown>();
    const app = render(stored);
    const menu = await openColumns(app);
    const width = within(menu).getByRole('spinbutton', { name: 'Width of Status in pixels' });
    await app.user.clear(width);
    await app.user.type(width, '240');
    const status = () => screen.getByRole('columnheader', { name: 'Status' });
    await waitFor(() => expect(status().style.width).toBe('240px'));
    const handle = status().querySelector<HTMLElement>('[data-resize-handle="Status"]')!;
    await app.user.pointer([
      { keys: '[MouseLeft>]', target: handle, coords: { clientX: 100 } },
      { target: handle, coords: { clientX: 160 } },
      { keys: '[/MouseLeft]', target: handle, coords: { clientX: 160 } },
    ]);
    await waitFor(() => expect(status().style.width).toBe('300px'));
    await waitFor(() => expect(stored.get('table.incidents')).toMatchObject({ widths: { status: 300 } }));

    await app.user.click(within(menu).getByRole('checkbox', { name: 'Responders' }));
    await app.user.click(within(menu).getByRole('button', { name: 'Reset columns' }));
    expect(await headers()).toEqual(ALL);
    expect(status().style.width).toBe('');
    await waitFor(() => expect(stored.has('table.incidents')).toBe(false));
  });

  it('takes the columns a shared link carries', async () => {
    render(new Map(), '/incidents?status=open&columns=incident,status:200,severity');
    await waitFor(async () => expect(await headers()).toEqual(['Incident', 'Status', 'Severity']));
  });

  it('opens another person’s view from a ?view= link read-only, and saves it as the person’s own', async () => {
    const stored = new Map<string, unknown>();
    const app = render(stored, `/incidents?view=${SHARED.id}`);
    await waitFor(async () => expect(await headers()).toEqual(['Incident', 'Type']));
    expect(screen.getByRole('columnheader', { name: 'Type' }).style.width).toBe('220px');
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('closed');
    const banner = screen.getByRole('status');
    expect(banner.textContent).toContain('Viewing Closed by type saved by Ada Lovelace (read-only)');
    // a change stays in this page's URL: nothing is written for anyone
    const menu = await openColumns(app);
    await app.user.click(within(menu).getByRole('checkbox', { name: 'Severity' }));
    expect(await headers()).toEqual(['Incident', 'Type', 'Severity']);
    expect(stored.size).toBe(0);
    await app.user.keyboard('{Escape}');

    await app.user.click(within(banner).getByRole('button', { name: 'Save as my view' }));
    await waitFor(() => expect(stored.get('views.incidents')).toEqual([expect.objectContaining({ name: 'Closed by type', path: '/incidents', id: expect.any(String) })]));
    const [saved] = stored.get('views.incidents') as { id: string; search: string }[];
    expect(saved!.id).not.toBe(SHARED.id);
    expect(new URLSearchParams(saved!.search).get('columns')).toBe('incident,type:220,severity');
    expect(new URLSearchParams(saved!.search).get('view')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  it('says why a ?view= link cannot be opened', async () => {
    render(new Map(), '/incidents?view=9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d');
    expect((await screen.findByRole('alert')).textContent).toBe('No saved view has the id 9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d; its owner may have deleted it');
  });
});
