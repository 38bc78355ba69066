import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '../../../ui/toast/toast-store';
import { dbRoute, renderSettings, rows } from '../../../test/render-settings';
import { detailRoutes, incidentFixture } from '../testing';

afterEach(() => {
  clearToasts();
  vi.restoreAllMocks();
});

const PEOPLE = [
  { id: 'p1', name: 'Grace Hopper', avatar: null },
  { id: 'p2', name: 'Ada Lovelace', avatar: null },
  { id: 'p3', name: 'Alan Turing', avatar: null },
];

function routes(incident = incidentFixture()) {
  return detailRoutes(incident, [dbRoute('GET', 'people', () => rows(PEOPLE))]);
}

describe('@mentions in comments', () => {
  it('offers people on @, inserts the picked one and sends it as @[Name](person:id)', async () => {
    const app = renderSettings('/incidents/i1', routes());
    const form = await screen.findByRole('form', { name: 'Add comment' });
    await app.user.selectOptions(within(form).getByRole('combobox', { name: 'Hypothesis' }), 'Database overloaded');
    const box = within(form).getByRole('textbox', { name: 'Comment' });
    await app.user.type(box, 'Asking @a');
    const people = await within(form).findByRole('listbox', { name: 'People' });
    expect(within(people).getAllByRole('option').map((o) => o.textContent)).toEqual(['Grace Hopper', 'Ada Lovelace', 'Alan Turing']);
    await app.user.type(box, 'l');
    await waitFor(() => expect(within(people).getAllByRole('option').map((o) => o.textContent)).toEqual(['Alan Turing']));
    await app.user.keyboard('{Backspace}');
    await waitFor(() => expect(within(people).getAllByRole('option')).toHaveLength(3));
    // Arrow keys move through the list and Enter picks.
    await app.user.keyboard('{ArrowDown}{ArrowDown}');
    expect(within(people).getByRole('option', { selected: true }).textContent).toBe('Alan Turing');
    await app.user.keyboard('{Enter}');
    expect((box as HTMLTextAreaElement).value).toBe('Asking @Alan Turing ');
    expect(within(form).queryByRole('listbox')).toBeNull();
    await app.user.type(box, 'and @Gra');
    await app.user.click(await within(form).findByRole('option', { name: 'Grace Hopper' }));
    expect((box as HTMLTextAreaElement).value).toBe('Asking @Alan Turing and @Grace Hopper ');
    await app.user.type(box, 'to look');
    await app.user.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(app.server.to('/api/db/comments', 'POST')).toHaveLength(1));
    expect(app.server.to('/api/db/comments', 'POST')[0]!.body).toMatchObject({ comment: 'Asking @[Alan Turing](person:p3) and @[Grace Hopper](person:p1) to look', hypothesis_id: 'h1' });
  });

  it('closes the list on Escape, keeping what was typed', async () => {
    const app = renderSettings('/incidents/i1', routes());
    const box = await screen.findByRole('textbox', { name: 'Comment' });
    await app.user.type(box, '@gr');
    await screen.findByRole('listbox', { name: 'People' });
    await app.user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect((box as HTMLTextAreaElement).value).toBe('@gr');
  });

  it('shows a stored mention as the highlighted name', async () => {
    const incident = incidentFixture();
    incident.hypotheses[0]!.comments = [{ ...incident.hypotheses[0]!.comments[0]!, comment: 'Thanks @[Grace Hopper](person:p1), fixed' }];
    renderSettings('/incidents/i1?comments=true', routes(incident));
    const mention = await screen.findByText('@Grace Hopper');
    expect(mention.tagName).toBe('MARK');
    expect(mention.dataset['personId']).toBe('p1');
    expect(mention.parentElement!.textContent).toBe('Thanks @Grace Hopper, fixed');
  });
});
