import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '../../../ui/toast/toast-store';
import { dbRoute, paramsOf, renderSettings } from '../../../test/render-settings';
import { detailRoutes, incidentFixture } from '../testing';

afterEach(() => {
  clearToasts();
  vi.restoreAllMocks();
});

const base = { hypothesis_id: 'h1', description: null, evidence: {}, done: false, component_id: null, component: null, created_at: '2026-01-01T00:00:00Z' };
const EVIDENCES = [
  { ...base, id: 'd1', type: 'topology', definition_of_done: true, script: 'status == healthy', component_id: 'c1', component: { id: 'c1', name: 'checkout-api', icon: null } },
  { ...base, id: 'd2', type: 'comment', definition_of_done: true, evidence: { comment: 'Customers confirm checkout works' } },
  { ...base, id: 'd3', type: 'check', definition_of_done: false, check_id: 'k1', check: { id: 'k1', name: 'api-health', status: 'healthy' } },
  { ...base, id: 'd4', type: 'config_analysis', definition_of_done: false, config_analysis_id: 'a1', config_analysis: { id: 'a1', analyzer: 'no-probes', status: 'open' } },
];

function incident() {
  const fixture = incidentFixture();
  const [root, ...rest] = fixture.hypotheses;
  return incidentFixture({ hypotheses: [{ ...root!, evidences: EVIDENCES }, ...rest] });
}

// hidden: a confirmation still open hides the rest of the page from the accessibility tree.
const notifications = () => screen.getByRole('region', { name: 'Notifications', hidden: true });
const patches = (app: ReturnType<typeof renderSettings>) => app.server.to('/api/db/evidences', 'PATCH');

async function openPanel(app: ReturnType<typeof renderSettings>) {
  await app.user.click(await screen.findByRole('button', { name: 'Definition of done' }));
  return screen.getByRole('region', { name: 'Definition of done' });
}

describe('the Definition of done panel', () => {
  it('lists its items done or not, and removes one after confirmation', async () => {
    const app = renderSettings('/incidents/i1', detailRoutes(incident()));
    const panel = await openPanel(app);
    const items = within(panel).getByRole('list', { name: 'Definition of done items' });
    expect(within(items).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['checkout-api', 'Customers confirm checkout works']);
    expect(within(items).getByRole('listitem', { name: 'checkout-api' }).textContent).toContain('status == healthy');

    await app.user.click(within(panel).getByRole('button', { name: 'Remove checkout-api from definition of done' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove from definition of done' });
    await app.user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(patches(app)).toHaveLength(0);

    await app.user.click(within(panel).getByRole('button', { name: 'Remove checkout-api from definition of done' }));
    await app.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(patches(app)).toHaveLength(1));
    expect(patches(app)[0]!.body).toEqual({ definition_of_done: false });
    expect(paramsOf(patches(app)[0]!.url)['id']).toBe('eq.d1');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it("says 'Removing evidence from definition of done failed' when the server refuses", async () => {
    const app = renderSettings('/incidents/i1', detailRoutes(incident(), [dbRoute('PATCH', 'evidences', () => ({ status: 500, body: { message: 'boom' } }))]));
    const panel = await openPanel(app);
    await app.user.click(within(panel).getByRole('button', { name: 'Remove checkout-api from definition of done' }));
    await app.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await within(notifications()).findByText('Removing evidence from definition of done failed')).toBeTruthy();
    // The confirmation stays for a retry.
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });

  it('adds evidence with the script shortcut of its type, or says it failed', async () => {
    const app = renderSettings('/incidents/i1', detailRoutes(incident()));
    const panel = await openPanel(app);
    const add = within(panel).getByRole('region', { name: 'Add to definition of done' });
    await app.user.click(within(add).getByRole('button', { name: 'Add api-health to definition of done' }));
    await waitFor(() => expect(patches(app)).toHaveLength(1));
    expect(patches(app)[0]!.body).toEqual({ definition_of_done: true, script: "check.status == 'healthy' && age(check.last_transition_time) > duration('5m')" });
    await app.user.click(within(add).getByRole('button', { name: 'Add no-probes to definition of done' }));
    await waitFor(() => expect(patches(app)).toHaveLength(2));
    expect(patches(app)[1]!.body).toEqual({ definition_of_done: true, script: "analysis.status == 'resolved'" });
  });

  it("says 'Marking evidence as part of definition of done failed' when adding is refused", async () => {
    const app = renderSettings('/incidents/i1', detailRoutes(incident(), [dbRoute('PATCH', 'evidences', () => ({ status: 500, body: { message: 'boom' } }))]));
    const panel = await openPanel(app);
    await app.user.click(within(panel).getByRole('button', { name: 'Add api-health to definition of done' }));
    expect(await within(notifications()).findByText('Marking evidence as part of definition of done failed')).toBeTruthy();
  });

  it("marks a comment resolved after confirmation, and offers 'Mark as not resolved' once done", async () => {
    const app = renderSettings('/incidents/i1', detailRoutes(incident()));
    const panel = await openPanel(app);
    const comment = within(panel).getByRole('listitem', { name: 'Customers confirm checkout works' });
    expect(within(comment).getByRole('img', { name: 'Not done' })).toBeTruthy();
    // Only comments are resolved by hand.
    expect(within(within(panel).getByRole('listitem', { name: 'checkout-api' })).queryByRole('button', { name: 'Mark as resolved' })).toBeNull();
    await app.user.click(within(comment).getByRole('button', { name: 'Mark as resolved' }));
    await app.user.click(within(await screen.findByRole('alertdialog', { name: 'Mark as resolved' })).getByRole('button', { name: 'Mark as resolved' }));
    await waitFor(() => expect(patches(app)).toHaveLength(1));
    expect(patches(app)[0]!.body).toEqual({ done: true });

    const done = incident();
    done.hypotheses[0]!.evidences[1] = { ...done.hypotheses[0]!.evidences[1]!, done: true };
    const again = renderSettings('/incidents/i1', detailRoutes(done));
    app.unmount();
    const panel2 = await openPanel(again);
    const resolved = within(panel2).getByRole('listitem', { name: 'Customers confirm checkout works' });
    expect(within(resolved).getByRole('img', { name: 'Done' })).toBeTruthy();
    await again.user.click(within(resolved).getByRole('button', { name: 'Mark as not resolved' }));
    await again.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Mark as not resolved' }));
    await waitFor(() => expect(patches(again)).toHaveLength(1));
    expect(patches(again)[0]!.body).toEqual({ done: false });
  });

  it("deletes evidence after confirmation, saying 'Evidence delete failed' when refused", async () => {
    const app = renderSettings('/incidents/i1', detailRoutes(incident(), [dbRoute('DELETE', 'evidences', () => ({ status: 500, body: { message: 'boom' } }))]));
    const panel = await openPanel(app);
    await app.user.click(within(panel).getByRole('button', { name: 'Delete evidence checkout-api' }));
    await app.user.click(within(await screen.findByRole('alertdialog', { name: 'Delete evidence' })).getByRole('button', { name: 'Delete' }));
    expect(await within(notifications()).findByText('Evidence delete failed')).toBeTruthy();
    const deletes = app.server.to('/api/db/evidences', 'DELETE');
    expect(deletes).toHaveLength(1);
    expect(paramsOf(deletes[0]!.url)['id']).toBe('eq.d1');
  });

  it('edits an item’s script, an empty one clearing it, and sets a shortcut in one click', async () => {
    const app = renderSettings('/incidents/i1', detailRoutes(incident()));
    const panel = await openPanel(app);
    const item = within(panel).getByRole('listitem', { name: 'checkout-api' });
    // The component already uses its shortcut: no shortcut offered.
    expect(within(item).queryByRole('button', { name: 'Done when the component is healthy' })).toBeNull();
    await app.user.click(within(item).getByRole('button', { name: 'Edit script of checkout-api' }));
    const script = within(item).getByRole('textbox', { name: 'Script' });
    expect((script as HTMLInputElement).value).toBe('status == healthy');
    await app.user.clear(script);
    await app.user.type(script, "status == healthy && health != 'warning'");
    await app.user.click(within(item).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches(app)).toHaveLength(1));
    expect(patches(app)[0]!.body).toEqual({ script: "status == healthy && health != 'warning'" });
    await waitFor(() => expect(within(item).queryByRole('textbox', { name: 'Script' })).toBeNull());

    await app.user.click(within(item).getByRole('button', { name: 'Edit script of checkout-api' }));
    await app.user.clear(within(item).getByRole('textbox', { name: 'Script' }));
    await app.user.click(within(item).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches(app)).toHaveLength(2));
    expect(patches(app)[1]!.body).toEqual({ script: null });
  });

  it('adds a manual definition of done to the root hypothesis; Add waits for text', async () => {
    const app = renderSettings('/incidents/i1', detailRoutes(incident(), [dbRoute('POST', 'evidences', () => ({ status: 201 }))]));
    const panel = await openPanel(app);
    const form = within(panel).getByRole('form', { name: 'Add a manual definition of done' });
    const add = within(form).getByRole('button', { name: 'Add' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    await app.user.type(within(form).getByRole('textbox', { name: 'Manual definition of done' }), '   ');
    expect(add.disabled).toBe(true);
    await app.user.type(within(form).getByRole('textbox', { name: 'Manual definition of done' }), 'Error rate under 1% for an hour');
    await app.user.click(add);
    await waitFor(() => expect(app.server.to('/api/db/evidences', 'POST')).toHaveLength(1));
    expect(app.server.to('/api/db/evidences', 'POST')[0]!.body).toEqual([
      expect.objectContaining({ hypothesis_id: 'h1', type: 'comment', definition_of_done: true, evidence: { comment: 'Error rate under 1% for an hour' } }),
    ]);
    await waitFor(() => expect((within(form).getByRole('textbox', { name: 'Manual definition of done' }) as HTMLTextAreaElement).value).toBe(''));
  });

  it('offers no actions to a viewer', async () => {
    const app = renderSettings('/incidents/i1', detailRoutes(incident()), { roles: ['viewer'] });
    const panel = await openPanel(app);
    expect(within(panel).getAllByRole('listitem').length).toBe(2);
    expect(within(panel).queryByRole('button', { name: /Remove|Delete|Mark as|Add|Script/ })).toBeNull();
    expect(within(panel).queryByRole('form')).toBeNull();
  });
});
