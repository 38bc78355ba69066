import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '../../ui/toast/toast-store';
import { dbRoute, paramsOf, renderSettings } from '../../test/render-settings';
import { detailRoutes, incidentFixture } from './testing';

const hypothesis = (name: string) => screen.getByRole('listitem', { name: `Hypothesis ${name}` });
/** The row of a hypothesis (its own controls, not its children's). */
const row = (name: string) => hypothesis(name).firstElementChild as HTMLElement;

afterEach(() => {
  clearToasts();
  vi.restoreAllMocks();
});

describe('the hypothesis tree', () => {
  it('nests root, factor and solution with status icons and (no title); a solution offers no children', async () => {
    renderSettings('/incidents/i1', detailRoutes(incidentFixture()));
    await screen.findByRole('listitem', { name: 'Hypothesis Database overloaded' });
    expect(within(row('Database overloaded')).getByRole('button', { name: 'Add factor' })).toBeTruthy();
    expect(within(row('(no title)')).getByRole('button', { name: 'Edit Hypothesis title' }).textContent).toBe('(no title)');
    expect(within(row('(no title)')).getByRole('button', { name: 'Add solution' })).toBeTruthy();
    expect(within(row('Add a replica')).queryByRole('button', { name: /^Add / })).toBeNull();
    expect(within(hypothesis('Database overloaded')).getByRole('listitem', { name: 'Hypothesis Add a replica' })).toBeTruthy();
    expect(within(row('(no title)')).getByRole('img', { name: 'Likely' }).dataset['status']).toBe('likely');
    // Collapsed without comments=true: no comments shown until expanded.
    expect(screen.queryByText('CPU at 100%')).toBeNull();
  });

  it('expands every hypothesis with comments=true, showing comments and evidence', async () => {
    renderSettings('/incidents/i1?comments=true', detailRoutes(incidentFixture()));
    expect(await screen.findByText('CPU at 100%')).toBeTruthy();
    expect(within(hypothesis('Database overloaded')).getAllByRole('region', { name: 'Evidence' })[0]!.textContent).toContain('checkout-api');
    expect(within(hypothesis('(no title)')).getAllByText('No Evidence').length).toBeGreaterThan(0);
  });

  it("says 'fetching tree...' and 'Loading evidences please wait...' while the incident is read again", async () => {
    const incident = incidentFixture({ hypotheses: [] });
    let reads = 0;
    let release: () => void = () => undefined;
    const app = renderSettings(
      '/incidents/i1?comments=true',
      detailRoutes(incident, [
        dbRoute('GET', 'incidents', async () => {
          reads += 1;
          if (reads > 1) await new Promise<void>((resolve) => (release = resolve));
          const answer = reads > 1 ? incidentFixture({ hypotheses: [{ ...incidentFixture().hypotheses[1], parent_id: null, type: 'root' }] }) : incident;
          return { status: 200, body: [answer] };
        }),
      ]),
    );
    await app.user.click(await screen.findByRole('button', { name: 'Add root hypothesis' }));
    expect(await screen.findByText('fetching tree...')).toBeTruthy();
    release();
    await screen.findByRole('listitem', { name: 'Hypothesis (no title)' });
    expect(screen.queryByText('fetching tree...')).toBeNull();
    expect(app.server.to('/api/db/hypotheses', 'POST')[0]!.body).toEqual({ incident_id: 'i1', status: 'possible', parent_id: null, type: 'root', title: '' });

    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Hypothesis status' }), 'Proven');
    expect(await screen.findByText('Loading evidences please wait...')).toBeTruthy();
    release();
    expect(await screen.findByText('No Evidence')).toBeTruthy();
  });

  it('adds a child of the next type', async () => {
    const app = renderSettings('/incidents/i1', detailRoutes(incidentFixture()));
    await screen.findByRole('listitem', { name: 'Hypothesis Database overloaded' });
    await app.user.click(within(row('(no title)')).getByRole('button', { name: 'Add solution' }));
    await waitFor(() => expect(app.server.to('/api/db/hypotheses', 'POST')).toHaveLength(1));
    expect(app.server.to('/api/db/hypotheses', 'POST')[0]!.body).toEqual({ incident_id: 'i1', status: 'possible', parent_id: 'h2', type: 'solution', title: '' });
  });

  it('saves a status once the changes stop and a title once typing stops, each in one save', async () => {
    const app = renderSettings('/incidents/i1', detailRoutes(incidentFixture()));
    await screen.findByRole('listitem', { name: 'Hypothesis Database overloaded' });
    const status = within(row('Database overloaded')).getByRole('combobox', { name: 'Hypothesis status' });
    await app.user.selectOptions(status, 'Unlikely');
    await app.user.selectOptions(status, 'Proven');
    expect(within(row('Database overloaded')).getByRole('img', { name: 'Proven' })).toBeTruthy();
    expect(app.server.to('/api/db/hypotheses', 'PATCH')).toHaveLength(0);
    await waitFor(() => expect(app.server.to('/api/db/hypotheses', 'PATCH')).toHaveLength(1));
    expect(app.server.to('/api/db/hypotheses', 'PATCH')[0]!.body).toEqual({ status: 'proven' });

    await app.user.click(within(row('(no title)')).getByRole('button', { name: 'Edit Hypothesis title' }));
    await app.user.type(screen.getByRole('textbox', { name: 'Hypothesis title' }), 'Slow queries');
    // Not saved while typing: the whole title arrives in one save once typing stops.
    expect(app.server.to('/api/db/hypotheses', 'PATCH')).toHaveLength(1);
    await waitFor(() => expect(app.server.to('/api/db/hypotheses', 'PATCH')).toHaveLength(2));
    const patch = app.server.to('/api/db/hypotheses', 'PATCH')[1]!;
    expect(patch.body).toEqual({ title: 'Slow queries' });
    expect(paramsOf(patch.url)['id']).toBe('eq.h2');
  });

  it('offers to disprove or delete; delete removes comments and evidence first', async () => {
    const app = renderSettings('/incidents/i1', detailRoutes(incidentFixture()));
    await screen.findByRole('listitem', { name: 'Hypothesis Database overloaded' });
    await app.user.click(within(row('Add a replica')).getByRole('button', { name: 'Delete Add a replica' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete hypothesis' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Disprove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.server.to('/api/db/hypotheses', 'PATCH')[0]!.body).toEqual({ status: 'disproven' });
    expect(app.server.requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);

    await app.user.click(within(row('Database overloaded')).getByRole('button', { name: 'Delete Database overloaded' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete hypothesis' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const deletes = app.server.requests.filter((r) => r.method === 'DELETE');
    expect(deletes.map((r) => `${r.url.pathname}?${r.url.searchParams.toString()}`)).toEqual([
      '/api/db/comments?hypothesis_id=eq.h1',
      '/api/db/evidences?hypothesis_id=eq.h1',
      '/api/db/hypotheses?id=eq.h1',
    ]);
  });
});

describe('comments', () => {
  it('needs a hypothesis and text, and keeps Send disabled while empty', async () => {
    const app = renderSettings('/incidents/i1', detailRoutes(incidentFixture()));
    const form = await screen.findByRole('form', { name: 'Add comment' });
    const send = within(form).getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await app.user.type(within(form).getByRole('textbox', { name: 'Comment' }), 'Looking at it');
    expect(send.disabled).toBe(false);
    await app.user.click(send);
    expect(await screen.findByText('Please select any hypothesis')).toBeTruthy();
    await app.user.selectOptions(within(form).getByRole('combobox', { name: 'Hypothesis' }), 'Database overloaded');
    await app.user.clear(within(form).getByRole('textbox', { name: 'Comment' }));
    await app.user.type(within(form).getByRole('textbox', { name: 'Comment' }), '   ');
    await app.user.click(send);
    expect(await screen.findByText('Please add comment details')).toBeTruthy();
    expect(app.server.to('/api/db/comments', 'POST')).toHaveLength(0);
  });

  it('shows the comment at once and takes it back with a toast when the server refuses it', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    const app = renderSettings(
      '/incidents/i1?comments=true',
      detailRoutes(incidentFixture(), [dbRoute('POST', 'comments', () => new Promise((resolve) => (answer = resolve)))]),
    );
    const form = await screen.findByRole('form', { name: 'Add comment' });
    await app.user.selectOptions(within(form).getByRole('combobox', { name: 'Hypothesis' }), 'Database overloaded');
    await app.user.type(within(form).getByRole('textbox', { name: 'Comment' }), 'Replica lag too');
    await app.user.click(within(form).getByRole('button', { name: 'Send' }));

    const optimistic = await screen.findByText('Replica lag too');
    expect(optimistic.closest('li')!.dataset['pending']).toBe('true');
    expect((within(form).getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    const post = app.server.to('/api/db/comments', 'POST')[0]!;
    expect(post.body).toMatchObject({ hypothesis_id: 'h1', incident_id: 'i1', comment: 'Replica lag too' });
    expect(post.body).not.toHaveProperty('created_by');

    answer({ status: 403, body: { message: 'permission denied for table comments' } });
    await waitFor(() => expect(screen.queryByText('Replica lag too')).toBeNull());
    expect(await screen.findByText('permission denied for table comments')).toBeTruthy();
  });

  it('opens the collapsed hypothesis of a new comment, scrolls to the comment and confirms it with a toast', async () => {
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    // The server keeps what was posted: the incident read again after the post has the comment.
    const incident = incidentFixture();
    const app = renderSettings(
      '/incidents/i1',
      detailRoutes(incident, [
        dbRoute('POST', 'comments', (request) => {
          const posted = request.body as { id: string; hypothesis_id: string; comment: string };
          const target = incident.hypotheses.find((h) => h.id === posted.hypothesis_id)!;
          target.comments = [...target.comments, { ...posted, incident_id: 'i1', created_at: new Date().toISOString(), created_by: 'u1', person: { id: 'u1', name: 'Ada Lovelace', avatar: null } }];
          return { status: 201 };
        }),
      ]),
    );
    const form = await screen.findByRole('form', { name: 'Add comment' });
    const expander = within(row('(no title)')).getByRole('button', { name: 'Expand (no title)' });
    expect(expander.getAttribute('aria-expanded')).toBe('false');
    await app.user.selectOptions(within(form).getByRole('combobox', { name: 'Hypothesis' }), '(no title)');
    await app.user.type(within(form).getByRole('textbox', { name: 'Comment' }), 'Index missing on orders');
    await app.user.click(within(form).getByRole('button', { name: 'Send' }));

    const comment = (await within(hypothesis('(no title)')).findByText('Index missing on orders')).closest('li')!;
    expect(within(row('(no title)')).getByRole('button', { name: 'Collapse (no title)' }).getAttribute('aria-expanded')).toBe('true');
    expect(comment.dataset['new']).toBe('true');
    await waitFor(() => expect(scrolled).toContain(comment.id));
    expect(comment.id).toBe(`comment-${String((app.server.to('/api/db/comments', 'POST')[0]!.body as { id: string }).id)}`);
    expect(await within(screen.getByRole('region', { name: 'Notifications' })).findByText('Comment added')).toBeTruthy();
    // The other hypotheses stay as they were.
    expect(screen.queryByText('CPU at 100%')).toBeNull();
  });
});
