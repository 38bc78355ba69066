import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '../../ui/toast/toast-store';
import { dbRoute, paramsOf, renderSettings } from '../../test/render-settings';
import { detailRoutes, incidentFixture } from './testing';

const notifications = () => screen.getByRole('region', { name: 'Notifications' });
const patches = (app: ReturnType<typeof renderSettings>, relation: string) => app.server.to(`/api/db/${relation}`, 'PATCH');

afterEach(() => {
  clearToasts();
  vi.restoreAllMocks();
});

describe('/incidents/{id}', () => {
  it('shows the breadcrumb, title, tabs, the component strip and the Details panel with High when no severity is set', { timeout: 30_000 }, async () => {
    renderSettings('/incidents/i1', detailRoutes(incidentFixture()));
    // The first render of the file loads the page's code, which takes longer on a busy machine.
    expect(await screen.findByRole('button', { name: 'Edit Incident title' }, { timeout: 20_000 })).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Incidents' }).getAttribute('href')).toBe('/incidents');
    expect(within(crumbs).getByText('INC-7')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Checkout is down');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Comments', 'Action Plan']);
    expect(within(screen.getByRole('list', { name: 'Components' })).getByRole('link', { name: 'checkout-api' }).getAttribute('href')).toBe('/topology/c1');
    const details = screen.getByRole('region', { name: 'Details' });
    expect((within(details).getByRole('combobox', { name: 'Severity' }) as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('High');
  });

  it('keeps one side panel open at a time and shows an empty changelog', async () => {
    const app = renderSettings('/incidents/i1', detailRoutes(incidentFixture()));
    const toggle = (name: string) => within(screen.getByRole('region', { name })).getByRole('button', { name });
    await screen.findByRole('region', { name: 'Details' });
    expect(toggle('Details').getAttribute('aria-expanded')).toBe('true');
    await app.user.click(toggle('Changelog'));
    expect(toggle('Changelog').getAttribute('aria-expanded')).toBe('true');
    expect(toggle('Details').getAttribute('aria-expanded')).toBe('false');
    expect(toggle('Definition of done').getAttribute('aria-expanded')).toBe('false');
    expect(await screen.findByText('No changelog found')).toBeTruthy();
    expect(paramsOf(app.server.to('/api/db/incident_histories', 'GET')[0]!.url)['incident_id']).toBe('eq.i1');
    await app.user.click(toggle('Definition of done'));
    expect(toggle('Changelog').getAttribute('aria-expanded')).toBe('false');
    expect(within(screen.getByRole('region', { name: 'Definition of done' })).getByText('No Evidence')).toBeTruthy();
  });

  it('lists the changelog newest first, saying in words what happened by event type', async () => {
    const at = new Date().toISOString();
    const ada = { id: 'u1', name: 'Ada Lovelace', avatar: null };
    const history = [
      { id: 'y5', type: 'incident.status_updated', description: 'Status changed from open to resolved', properties: { from: 'open', to: 'resolved' }, created_at: at, person: ada },
      { id: 'y4', type: 'hypothesis.status_updated', description: 'Status changed from possible to likely', properties: { from: 'possible', to: 'likely' }, created_at: at, person: ada },
      { id: 'y3', type: 'responder.created', description: null, properties: {}, created_at: at, person: ada },
      { id: 'y2', type: 'hypothesis.created', description: 'Checkout is down', properties: {}, created_at: at, person: ada },
      { id: 'y1', type: 'incident.created', description: 'Checkout is down', properties: {}, created_at: at, person: ada },
    ];
    const app = renderSettings('/incidents/i1', detailRoutes(incidentFixture(), [dbRoute('GET', 'incident_histories', () => ({ body: history }))]));
    await app.user.click(await screen.findByRole('button', { name: 'Changelog' }));
    const entries = await screen.findByRole('list', { name: 'Changelog entries' });
    const lines = within(entries)
      .getAllByRole('listitem')
      .map((item) => Array.from(item.children).slice(0, -1).map((part) => part.textContent).join(' | '));
    expect(lines).toEqual([
      'Incident status changed from open to resolved',
      'Hypothesis status changed from possible to likely',
      'Responder added',
      'Hypothesis added | Checkout is down',
      'Incident created | Checkout is down',
    ]);
    const params = paramsOf(app.server.to('/api/db/incident_histories', 'GET')[0]!.url);
    expect(params['order']).toBe('created_at.desc');
    expect(params['select']).toContain('properties');
  });

  it('offers the Details severities with Medium read as Low and info and warning as themselves', async () => {
    renderSettings('/incidents/i1', detailRoutes(incidentFixture({ severity: 'medium' })));
    let severity = within(await screen.findByRole('region', { name: 'Details' })).getByRole('combobox', { name: 'Severity' }) as HTMLSelectElement;
    expect([...severity.options].map((o) => o.textContent)).toEqual(['Info', 'Warning', 'Low', 'High', 'Blocker', 'Critical']);
    expect(severity.selectedOptions[0]!.textContent).toBe('Low');
    cleanup();

    renderSettings('/incidents/i1', detailRoutes(incidentFixture({ severity: 'info' })));
    severity = within(await screen.findByRole('region', { name: 'Details' })).getByRole('combobox', { name: 'Severity' }) as HTMLSelectElement;
    expect(severity.selectedOptions[0]!.textContent).toBe('Info');
  });

  it("says 'Loading ...' until the incident is read", async () => {
    let answer: () => void = () => undefined;
    renderSettings('/incidents/i1', detailRoutes(incidentFixture(), [dbRoute('GET', 'incidents', () => new Promise((resolve) => (answer = () => resolve({ status: 200, body: [incidentFixture()] }))))]));
    expect(await screen.findByText('Loading ...')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    answer();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Checkout is down');
  });

  it("answers 'Incident not found' for an unknown id", async () => {
    renderSettings('/incidents/nope', detailRoutes(null));
    expect(await screen.findByText('Incident not found')).toBeTruthy();
  });

  it("answers 'Incident not found' for an id that cannot be one, without the database's words", async () => {
    const malformed = { code: '22P02', message: "'INC-1' is not a valid id: incidents.id takes a UUID", details: null, hint: null };
    renderSettings('/incidents/INC-1', [dbRoute('GET', 'incidents', () => ({ status: 400, body: malformed })), ...detailRoutes(null)]);
    expect(await screen.findByText('Incident not found')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('saves the edited title in one save once typing pauses, and a details change likewise', async () => {
    const app = renderSettings('/incidents/i1', detailRoutes(incidentFixture()));
    await app.user.click(await screen.findByRole('button', { name: 'Edit Incident title' }));
    const input = screen.getByRole('textbox', { name: 'Incident title' });
    await app.user.clear(input);
    await app.user.type(input, 'Checkout degraded');
    // Not saved while typing: the whole title arrives in one save once typing pauses.
    expect(patches(app, 'incidents')).toHaveLength(0);
    await waitFor(() => expect(patches(app, 'incidents')).toHaveLength(1));
    expect(patches(app, 'incidents')[0]!.body).toEqual({ title: 'Checkout degraded' });
    expect(paramsOf(patches(app, 'incidents')[0]!.url)['id']).toBe('eq.i1');

    const details = screen.getByRole('region', { name: 'Details' });
    await app.user.selectOptions(within(details).getByRole('combobox', { name: 'Type' }), 'Security');
    await app.user.selectOptions(within(details).getByRole('combobox', { name: 'Severity' }), 'Critical');
    expect(patches(app, 'incidents')).toHaveLength(1);
    await waitFor(() => expect(patches(app, 'incidents')).toHaveLength(2));
    expect(patches(app, 'incidents')[1]!.body).toEqual({ type: 'security', severity: 'critical' });
  });

  it('changes the status and says whether it worked', async () => {
    let refuse = false;
    const app = renderSettings(
      '/incidents/i1',
      detailRoutes(incidentFixture(), [
        dbRoute('PATCH', 'incidents', () => (refuse ? { status: 400, body: { message: 'status may move to: closed, open' } } : { status: 204 })),
      ]),
    );
    const status = await screen.findByRole('combobox', { name: 'Status' });
    expect([...(status as HTMLSelectElement).options].map((o) => o.value)).toEqual(['open', 'investigating', 'mitigated', 'resolved', 'closed']);
    await app.user.selectOptions(status, 'Investigating');
    expect(await within(notifications()).findByText('Incident status updated successfully')).toBeTruthy();
    expect(patches(app, 'incidents')[0]!.body).toEqual({ status: 'investigating' });
    refuse = true;
    await app.user.selectOptions(status, 'Closed');
    expect(await within(notifications()).findByText('Incident status updated failed')).toBeTruthy();
  });

  it('asks for the definition of done before resolving: Cancel, Add needing a selection, Skip', async () => {
    const app = renderSettings('/incidents/i1', detailRoutes(incidentFixture()));
    const status = await screen.findByRole('combobox', { name: 'Status' });
    await app.user.selectOptions(status, 'Resolved');
    let dialog = await screen.findByRole('dialog', { name: 'Add contributing factors to definition of done' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches(app, 'incidents')).toHaveLength(0);

    await app.user.selectOptions(status, 'Mitigated');
    dialog = await screen.findByRole('dialog', { name: 'Add contributing factors to definition of done' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Add' }));
    // The open dialog hides the rest of the page from assistive technology, the toast region too.
    expect(await screen.findByText('Please select atleast one evidence')).toBeTruthy();
    expect(patches(app, 'evidences')).toHaveLength(0);
    await app.user.click(within(dialog).getByRole('checkbox', { name: 'checkout-api' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(patches(app, 'incidents')).toHaveLength(1));
    expect(patches(app, 'evidences')[0]!.body).toEqual({ definition_of_done: true });
    expect(paramsOf(patches(app, 'evidences')[0]!.url)['id']).toBe('eq.e1');
    expect(patches(app, 'incidents')[0]!.body).toEqual({ status: 'mitigated' });

    await app.user.selectOptions(status, 'Resolved');
    dialog = await screen.findByRole('dialog', { name: 'Add contributing factors to definition of done' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(patches(app, 'incidents')).toHaveLength(2));
    expect(patches(app, 'incidents')[1]!.body).toEqual({ status: 'resolved' });
    expect(patches(app, 'evidences')).toHaveLength(1);
  });

  it('says when the incident has no evidence to add to the definition of done; Skip still changes the status', async () => {
    const bare = incidentFixture().hypotheses.map((h) => ({ ...h, evidences: [] }));
    const app = renderSettings('/incidents/i1', detailRoutes(incidentFixture({ hypotheses: bare })));
    await app.user.selectOptions(await screen.findByRole('combobox', { name: 'Status' }), 'Resolved');
    const dialog = await screen.findByRole('dialog', { name: 'Add contributing factors to definition of done' });
    expect(within(dialog).getByText('There are no evidences provided for this incident')).toBeTruthy();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    await app.user.click(within(dialog).getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(patches(app, 'incidents')).toHaveLength(1));
    expect(patches(app, 'incidents')[0]!.body).toEqual({ status: 'resolved' });
  });

  it("shows a deleted incident as deleted, by whom, and an administrator restores it with 'Restore'", async () => {
    const deleted = incidentFixture({ deleted_at: new Date().toISOString(), deleter: { id: 'u2', name: 'Rita Responder', avatar: null } });
    const app = renderSettings('/incidents/i1', detailRoutes(deleted));
    const banner = await screen.findByRole('status', { name: 'Deleted incident' });
    expect(banner.textContent).toContain('This incident was deleted');
    expect(banner.textContent).toContain('by Rita Responder');
    expect(paramsOf(app.server.to('/api/db/incidents', 'GET')[0]!.url)['select']).toContain('deleter:deleted_by(id,name,avatar)');
    await app.user.click(within(banner).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(patches(app, 'incidents')).toHaveLength(1));
    expect(patches(app, 'incidents')[0]!.body).toEqual({ deleted_at: null });
    expect(paramsOf(patches(app, 'incidents')[0]!.url)['id']).toBe('eq.i1');
    expect(await within(notifications()).findByText('Incident restored')).toBeTruthy();
  });

  it("offers no 'Restore' to anyone but an administrator, and no banner for an incident not deleted", async () => {
    renderSettings('/incidents/i1', detailRoutes(incidentFixture({ deleted_at: new Date().toISOString(), deleter: null })), { roles: ['responder'] });
    const banner = await screen.findByRole('status', { name: 'Deleted incident' });
    expect(within(banner).queryByRole('button', { name: 'Restore' })).toBeNull();
    cleanup();

    renderSettings('/incidents/i1', detailRoutes(incidentFixture()));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('status', { name: 'Deleted incident' })).toBeNull();
  });

  it("marks an edited comment 'edited' and shows its earlier texts with who replaced them", async () => {
    const [root, ...rest] = incidentFixture().hypotheses;
    const edited = {
      ...root!.comments[0]!,
      comment: 'CPU at 100% on db-2',
      edited_at: new Date().toISOString(),
      edits: [
        { id: 'x2', comment: 'CPU at 90%', edited_at: '2026-01-01T00:05:00Z', editor: { id: 'u1', name: 'Ada Lovelace', avatar: null } },
        { id: 'x1', comment: 'CPU high', edited_at: '2026-01-01T00:04:00Z', editor: { id: 'u1', name: 'Ada Lovelace', avatar: null } },
      ],
    };
    const plain = { ...edited, id: 'k2', comment: 'Never changed', edited_at: null, edits: [] };
    const app = renderSettings('/incidents/i1?comments=true', detailRoutes(incidentFixture({ hypotheses: [{ ...root!, comments: [edited, plain] }, ...rest] })));
    expect(await screen.findByText('CPU at 100% on db-2')).toBeTruthy();
    expect(paramsOf(app.server.to('/api/db/incidents', 'GET')[0]!.url)['select']).toContain('edits:comment_edits(id,comment,edited_at,editor:edited_by(id,name,avatar))');
    expect(screen.getAllByText('edited')).toHaveLength(1);
    await app.user.click(screen.getByText('edited'));
    const versions = screen.getByRole('list', { name: 'Earlier versions' });
    expect(within(versions).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('CPU high replaced by Ada Lovelace'),
      expect.stringContaining('CPU at 90% replaced by Ada Lovelace'),
    ]);
  });
});
