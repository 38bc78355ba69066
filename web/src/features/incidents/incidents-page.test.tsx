import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StubRoute } from '../../test/fetch-stub';
import { dbRoute, paramsOf, renderSettings, rows } from '../../test/render-settings';

const person = (n: number) => ({ id: `p${n}`, name: `Person ${n}`, avatar: null });

const INCIDENT = {
  id: 'i1',
  incident_id: 'INC-1',
  title: 'Checkout is down',
  type: 'availability',
  severity: 'medium',
  status: 'open',
  created_at: new Date().toISOString(),
  created_by: 'u1',
  commander: null,
  responders: [1, 2, 3, 4, 5, 6, 7].map(person),
  component_ids: ['c1'],
};

function routes(incidents: unknown[] = [INCIDENT], writes: StubRoute[] = []) {
  return [
    ...writes,
    dbRoute('GET', 'incident_summary', () => rows(incidents)),
    dbRoute('GET', 'people', () => rows([{ id: 'u1', name: 'Ada Lovelace', avatar: null }, { id: 'u2', name: 'Grace Hopper', avatar: null }])),
    dbRoute('GET', 'components', () => rows([{ id: 'c1', name: 'checkout' }])),
    dbRoute('POST', 'incidents', () => ({ status: 201, body: [{ id: 'i9' }] })),
    dbRoute('POST', 'hypotheses', () => ({ status: 201, body: null })),
    dbRoute('GET', 'incidents', () => rows([])),
  ];
}

const lastList = (app: ReturnType<typeof renderSettings>) => paramsOf(app.server.to('/api/db/incident_summary', 'GET').at(-1)!.url);

afterEach(() => vi.restoreAllMocks());

describe('/incidents', () => {
  it('lists open incidents by default, Medium shown as Low, with at most 5 responder avatars', async () => {
    const app = renderSettings('/incidents', routes());
    const table = await screen.findByRole('table', { name: 'Incidents' });
    const row = within(table).getByRole('link', { name: /Checkout is down/ }).closest('tr')!;
    expect(within(row).getByRole('link').getAttribute('href')).toBe('/incidents/i1');
    expect(within(row).getByText('Low')).toBeTruthy();
    const avatars = within(row).getByRole('group', { name: 'Responders' });
    expect(within(avatars).getByRole('img', { name: '2 more: Person 6, Person 7' })).toBeTruthy();
    expect(avatars.children).toHaveLength(6);

    const params = lastList(app);
    expect(params['status']).toBe('eq.open');
    expect(params['severity']).toBeUndefined();
    expect(params['order']).toBe('created_at.desc,id.desc');
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('open');
  });

  it('shows the empty state when nothing matches', async () => {
    renderSettings('/incidents', routes([]));
    expect(await screen.findByText('There are no incidents matching this criteria')).toBeTruthy();
  });

  it('keeps severity, status, owner and type in the URL and filters by them; Low covers medium', async () => {
    const app = renderSettings('/incidents', routes());
    await screen.findByRole('table', { name: 'Incidents' });
    const filters = screen.getByRole('group', { name: 'Filters' });
    await app.user.selectOptions(within(filters).getByRole('combobox', { name: 'Severity' }), 'Low');
    await waitFor(() => expect(app.location()).toBe('/incidents?severity=low'));
    await app.user.selectOptions(within(filters).getByRole('combobox', { name: 'Status' }), 'All');
    await waitFor(() => expect(app.location()).toBe('/incidents?severity=low&status=all'));
    await app.user.selectOptions(within(filters).getByRole('combobox', { name: 'Type' }), 'Security');
    await waitFor(() => expect(within(filters).getByRole('option', { name: 'Grace Hopper' })).toBeTruthy());
    await app.user.selectOptions(within(filters).getByRole('combobox', { name: 'Owner' }), 'Grace Hopper');
    await waitFor(() => expect(app.location()).toBe('/incidents?severity=low&status=all&type=security&owner=u2'));
    await waitFor(() => expect(lastList(app)).toMatchObject({ severity: 'in.(low,medium)', type: 'eq.security', created_by: 'eq.u2' }));
    expect(lastList(app)['status']).toBeUndefined();
    await app.user.selectOptions(within(filters).getByRole('combobox', { name: 'Status' }), 'Open');
    await waitFor(() => expect(app.location()).toBe('/incidents?severity=low&type=security&owner=u2'));
  });

  it('reads the incoming link shapes: type and component, severity, component and type', async () => {
    const app = renderSettings('/incidents?type=cost&component=c1', routes());
    await screen.findByRole('table', { name: 'Incidents' });
    expect(lastList(app)).toMatchObject({ type: 'eq.cost', component_ids: 'cs.{c1}', status: 'eq.open' });
    app.unmount();

    const second = renderSettings('/incidents?severity=critical&component=c1&type=security', routes());
    await screen.findByRole('table', { name: 'Incidents' });
    expect(lastList(second)).toMatchObject({ severity: 'in.(critical)', component_ids: 'cs.{c1}', type: 'eq.security' });
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Component' }) as HTMLSelectElement).value).toBe('c1'));
    second.unmount();

    // Medium and Low are one entry on incident views, whichever of them a link names.
    const third = renderSettings('/incidents?severity=medium&component=c1&type=security', routes());
    await screen.findByRole('table', { name: 'Incidents' });
    expect(lastList(third)).toMatchObject({ severity: 'in.(low,medium)', component_ids: 'cs.{c1}', type: 'eq.security' });
    expect((screen.getByRole('combobox', { name: 'Severity' }) as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Low');
  });

  it('searches titles once typing pauses for 400 ms', async () => {
    const app = renderSettings('/incidents', routes());
    await screen.findByRole('table', { name: 'Incidents' });
    const search = screen.getByRole('searchbox', { name: 'Search incidents' });
    // Fake timeouts: the pause is counted on the debounce's own clock, however slow the machine is.
    // Keys as change events: user-event (through Testing Library) would wait on that clock itself.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      for (const text of ['d', 'do', 'dow', 'down']) fireEvent.change(search, { target: { value: text } });
      await vi.advanceTimersByTimeAsync(399);
      expect(app.location()).toBe('/incidents');
      await vi.advanceTimersByTimeAsync(1);
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(app.location()).toBe('/incidents?search=down'));
    await waitFor(() => expect(lastList(app)['title']).toBe('ilike.*down*'));
  });

  it('creates an incident from the dialog: title required, defaults low, open, availability, then opens it', async () => {
    const app = renderSettings('/incidents', routes());
    await screen.findByRole('table', { name: 'Incidents' });
    await app.user.click(screen.getByRole('button', { name: 'Create incident' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create incident' });
    expect((within(dialog).getByRole('combobox', { name: 'Severity' }) as HTMLSelectElement).value).toBe('low');
    expect((within(dialog).getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('open');
    expect((within(dialog).getByRole('combobox', { name: 'Type' }) as HTMLSelectElement).value).toBe('availability');
    await app.user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(app.server.to('/api/db/incidents', 'POST')).toHaveLength(0);

    await app.user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Payments slow');
    await app.user.selectOptions(within(dialog).getByRole('combobox', { name: 'Severity' }), 'High');
    await app.user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(app.location()).toBe('/incidents/i9'));
    expect(app.server.to('/api/db/incidents', 'POST')[0]!.body).toEqual({
      title: 'Payments slow',
      description: null,
      severity: 'high',
      status: 'open',
      type: 'availability',
    });
    expect(app.server.to('/api/db/hypotheses', 'POST')[0]!.body).toEqual({ incident_id: 'i9', title: 'Payments slow', status: 'possible', type: 'root' });
  });

  it('keeps the dialog open with the server message when creation fails', async () => {
    const app = renderSettings('/incidents', routes([INCIDENT], [dbRoute('POST', 'incidents', () => ({ status: 400, body: { message: 'new row violates check constraint' } }))]));
    await screen.findByRole('table', { name: 'Incidents' });
    await app.user.click(screen.getByRole('button', { name: 'Create incident' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create incident' });
    await app.user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Payments slow');
    await app.user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('new row violates check constraint')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Create incident' })).toBeTruthy();
    expect(app.location()).toBe('/incidents');
    expect(app.server.to('/api/db/hypotheses', 'POST')).toHaveLength(0);
  });
});
