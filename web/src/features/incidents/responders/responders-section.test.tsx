import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '../../../ui/toast/toast-store';
import { dbRoute, paramsOf, renderSettings } from '../../../test/render-settings';
import { responderFixture, responderRoutes } from './testing';

afterEach(() => {
  clearToasts();
  vi.restoreAllMocks();
});

// The detail page loads its code lazily: slow on a busy machine.
const PAGE_LOAD = { timeout: 15_000 };
const hour = (n: number) => new Date(Date.now() - n * 3_600_000).toISOString();
const states = (item: HTMLElement) =>
  within(within(item).getByRole('list', { name: 'Progress' }))
    .getAllByRole('listitem')
    .map((step) => `${step.firstElementChild!.textContent}:${step.getAttribute('data-state')}`);

describe('responders of an incident', () => {
  it('lists the responders that are not deleted with their ticket, error and progress strip', async () => {
    const responders = [
      responderFixture({ external_id: 'PAY-12', acknowledge_time: hour(2), signoff_time: hour(1), properties: { responderType: 'jira', error: 'Jira answered 401' } }),
      responderFixture({ id: 'r2', type: 'person', team_id: null, person_id: 'p2', team: null, person: { id: 'p2', name: 'Alan Turing', avatar: null }, properties: { responderType: 'person' } }),
    ];
    const app = renderSettings('/incidents/i1', responderRoutes(responders));
    const list = await screen.findByRole('list', { name: 'Responder list' }, PAGE_LOAD);
    const team = within(list).getByRole('listitem', { name: 'Payments' });
    expect(within(team).getByText('Jira')).toBeTruthy();
    expect(within(team).getByText('PAY-12')).toBeTruthy();
    expect(within(team).getByText('Jira answered 401')).toBeTruthy();
    expect(states(team)).toEqual(['Created:reached', 'Acknowledged:reached', 'Resolved:reached', 'Closed(not yet):pending']);
    const person = within(list).getByRole('listitem', { name: 'Alan Turing' });
    expect(within(person).getByText('Person')).toBeTruthy();
    expect(states(person)).toEqual(['Created:reached', 'Acknowledged(not yet):pending', 'Resolved(not yet):pending', 'Closed(not yet):pending']);

    const params = paramsOf(app.server.to('/api/db/responders', 'GET')[0]!.url);
    expect(params).toMatchObject({ incident_id: 'eq.i1', deleted_at: 'is.null' });
    expect(params['select']).toBe('*,team:team_id(id,name,icon,spec),person:person_id(id,name,avatar)');
  });

  it('soft-deletes a responder after confirmation and says so', async () => {
    const app = renderSettings('/incidents/i1', responderRoutes([responderFixture()]));
    await app.user.click(await screen.findByRole('button', { name: 'Delete responder Payments' }, PAGE_LOAD));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete responder' });
    await app.user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Responder deleted successfully')).toBeTruthy();
    const [patch] = app.server.to('/api/db/responders', 'PATCH');
    expect(paramsOf(patch!.url)['id']).toBe('eq.r1');
    const body = patch!.body as { deleted_at: string };
    expect(Object.keys(body)).toEqual(['deleted_at']);
    expect(Math.abs(Date.parse(body.deleted_at) - Date.now())).toBeLessThan(10_000);
    // The list is read again after the change.
    await waitFor(() => expect(app.server.to('/api/db/responders', 'GET').length).toBeGreaterThan(1));
  });

  it("shows the server's message when deleting fails and closes the confirmation", async () => {
    const app = renderSettings(
      '/incidents/i1',
      responderRoutes([responderFixture()], [dbRoute('PATCH', 'responders', () => ({ status: 403, body: { message: 'permission denied for responders' } }))]),
    );
    await app.user.click(await screen.findByRole('button', { name: 'Delete responder Payments' }, PAGE_LOAD));
    await app.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('permission denied for responders')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.queryByText('Responder deleted successfully')).toBeNull();
  });
});
