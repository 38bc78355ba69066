import { EditorView } from '@codemirror/view';
import { PLAYBOOK_SPEC_SCHEMA, type Role } from '@pharos/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInRoutes } from '../../app/testing/shell-stubs';
import { json, stubFetch, type StubResponse } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import type { Playbook } from './api';

beforeAll(() => {
  // jsdom has no layout; CodeMirror measures text ranges.
  const rect = { x: 0, y: 0, top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0, toJSON: () => ({}) };
  Range.prototype.getBoundingClientRect = () => rect as DOMRect;
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
});

const playbook = (id: string, title: string, category: string | null, extra: Partial<Playbook> = {}): Playbook => ({
  id,
  name: title.toLowerCase().replace(/ /g, '-'),
  title,
  icon: 'restart',
  description: `${title} description`,
  category,
  source: 'UI',
  spec: { category: category ?? undefined, actions: [{ name: 'go', exec: { script: 'echo go' } }] },
  ...extra,
});

const PLAYBOOKS = [playbook('p1', 'Restart pod', 'Kubernetes'), playbook('p2', 'Flush cache', null), playbook('p3', 'Scale deployment', 'Kubernetes')];

interface Setup {
  roles?: Role[];
  playbooks?: Playbook[];
  save?: () => StubResponse;
  remove?: () => StubResponse;
}

function setup({ roles = ['admin'], playbooks = PLAYBOOKS, save, remove, url = '/playbooks' }: Setup & { url?: string } = {}) {
  const server = stubFetch([
    { method: 'GET', path: /^\/api\/db\/playbooks\?/, respond: () => json(playbooks) },
    { method: 'POST', path: /^\/api\/db\/playbooks/, respond: save ?? ((request) => json([{ ...playbook('p9', 'new', null), ...(request.body as object), id: 'p9' }], 201)) },
    {
      method: 'PATCH',
      path: /^\/api\/db\/playbooks\?/,
      respond: (request) => (remove && 'deleted_at' in (request.body as object) ? remove() : save ? save() : json([{ ...PLAYBOOKS[0]!, ...(request.body as object) }])),
    },
    { path: '/api/schemas/playbook-spec.schema.json', respond: () => json(PLAYBOOK_SPEC_SCHEMA) },
    ...signedInRoutes({ roles }),
  ]);
  return { ...renderApp(url), server };
}

function typeSpec(text: string) {
  const view = EditorView.findFromDOM(screen.getByRole('textbox', { name: 'Spec' }));
  if (!view) throw new Error('no editor');
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, userEvent: 'input.type' }));
}

describe('/playbooks', () => {
  it('groups the cards by category with Other last, each with History, Run and the edit/delete menu', async () => {
    setup();
    await screen.findByRole('region', { name: 'Kubernetes' });
    const groups = screen.getAllByRole('region').filter((region) => region.getAttribute('aria-label') !== 'Notifications');
    expect(groups.map((group) => group.getAttribute('aria-label'))).toEqual(['Kubernetes', 'Other']);
    expect(within(groups[0]!).getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual(['Restart pod', 'Scale deployment']);
    const card = within(groups[1]!).getByRole('article', { name: 'Flush cache' });
    expect(within(card).getByText('Flush cache description')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'History' }).getAttribute('href')).toBe('/playbooks/runs?playbook=p2');
    expect(within(card).getByRole('button', { name: 'Run' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Actions of Flush cache' })).toBeTruthy();
    expect(card.querySelector('svg')).toBeTruthy();
  });

  it('hides Run, edit, delete and Create without write on playbooks', async () => {
    setup({ roles: ['viewer'] });
    const card = await screen.findByRole('article', { name: 'Flush cache' });
    expect(within(card).getByRole('link', { name: 'History' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Run' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Actions of Flush cache' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create Playbook' })).toBeNull();
  });

  it('says when there are no playbooks', async () => {
    setup({ playbooks: [] });
    expect(await screen.findByText('There are no playbooks yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Playbook' })).toBeTruthy();
  });

  it('creates a playbook from a title and a YAML spec checked against the schema', async () => {
    const { server, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Create Playbook' }));
    const form = await screen.findByRole('form', { name: 'Create playbook' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('This field is required')).toBeTruthy();
    expect(server.to('/api/db/playbooks', 'POST')).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: 'Title' }), 'Restart  Web App!');
    await within(form).findByRole('textbox', { name: 'Spec' });
    typeSpec('category: Web\ndescription: Restarts it\nicon: restart\nactions:\n  - name: go\n    bogus: 1\n');
    expect((await within(form).findAllByText(/must match exactly one schema in oneOf/)).length).toBeGreaterThan(0);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Fix the problems of the spec')).toBeTruthy();
    expect(server.to('/api/db/playbooks', 'POST')).toHaveLength(0);

    typeSpec('category: Web\ndescription: Restarts it\nicon: restart\nactions:\n  - name: go\n    exec:\n      script: echo go\n');
    await waitFor(() => expect(within(form).queryByText('Fix the problems of the spec')).toBeNull());
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Playbook Spec created successfully')).toBeTruthy();
    const body = server.to('/api/db/playbooks', 'POST')[0]!.body as Record<string, unknown>;
    expect(body).toEqual({
      name: 'restart-web-app',
      title: 'Restart  Web App!',
      category: 'Web',
      description: 'Restarts it',
      icon: 'restart',
      source: 'UI',
      spec: { category: 'Web', description: 'Restarts it', icon: 'restart', actions: [{ name: 'go', exec: { script: 'echo go' } }] },
    });
    expect(body).not.toHaveProperty('created_by');
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Create playbook' })).toBeNull());
  });

  it('edits a playbook with PATCH and says when the update fails', async () => {
    let fail = true;
    const { server, user } = setup({ save: () => (fail ? json({ code: '23505', message: 'duplicate key value violates unique constraint' }, 409) : json([PLAYBOOKS[0]])) });
    await user.click(await screen.findByRole('button', { name: 'Actions of Restart pod' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit playbook' });
    expect((within(form).getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('Restart pod');
    expect((await within(form).findByRole('textbox', { name: 'Spec' })).textContent).toContain('script: echo go');
    await user.click(within(form).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Unable to update playbook spec: duplicate key value violates unique constraint')).toBeTruthy();
    const patch = server.to('/api/db/playbooks', 'PATCH')[0]!;
    expect(patch.url.searchParams.get('id')).toBe('eq.p1');
    expect(patch.body).toMatchObject({ name: 'restart-pod', title: 'Restart pod', category: 'Kubernetes', source: 'UI' });
    fail = false;
    await user.click(within(form).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Playbook Spec updated successfully')).toBeTruthy();
  });

  it('deletes a playbook softly and says when it cannot', async () => {
    const { server, user } = setup({ remove: () => json({ code: '42501', message: 'permission denied for playbooks' }, 403) });
    await user.click(await screen.findByRole('button', { name: 'Actions of Flush cache' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Unable to delete playbook spec: permission denied for playbooks')).toBeTruthy();
    const patch = server.to('/api/db/playbooks', 'PATCH')[0]!;
    expect(patch.url.searchParams.get('id')).toBe('eq.p2');
    expect(Object.keys(patch.body as object)).toEqual(['deleted_at']);
  });

  it('opens the Run playbook modal from a card', async () => {
    const { user } = setup();
    const card = await screen.findByRole('article', { name: 'Flush cache' });
    await user.click(within(card).getByRole('button', { name: 'Run' }));
    expect(await screen.findByRole('dialog', { name: 'Run Flush cache' })).toBeTruthy();
  });

  it("opens a playbook's form at /playbooks/{id} (the runs page's Edit Playbook), and the cards after closing it", async () => {
    const { user } = setup({ url: '/playbooks/p3' });
    const form = await screen.findByRole('form', { name: 'Edit playbook' });
    expect((within(form).getByLabelText('Title') as HTMLInputElement).value).toBe('Scale deployment');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit playbook' })).toBeNull());
    expect(screen.getByRole('heading', { name: 'Playbooks' })).toBeTruthy();
  });
});
