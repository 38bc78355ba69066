import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dbRoute, renderSettings, rows } from '../../test/render-settings';
import { detailRoutes, incidentFixture } from './testing';

/** A control a role may not use: disabled, with the reason on hover. */
const deniedReasonOf = (element: HTMLElement) => element.closest('[title]')?.getAttribute('title');

describe('what a viewer is offered on the incident screens', () => {
  it('shows Create incident disabled with the reason', async () => {
    renderSettings('/incidents', [dbRoute('GET', 'incidents', () => rows([])), dbRoute('GET', 'incident_summary', () => rows([]))], { roles: ['viewer'] });
    const create = (await screen.findByRole('button', { name: 'Create incident' })) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    expect(deniedReasonOf(create)).toBe('Your role cannot change incidents and their hypotheses (needs write on incident)');
  });

  it('shows the incident read-only: status, title, hypotheses, details and responders disabled with the reason, and no comment form', async () => {
    const app = renderSettings('/incidents/i1', [...detailRoutes(incidentFixture()), dbRoute('GET', 'responders', () => rows([]))], { roles: ['viewer'] });
    const status = (await screen.findByRole('combobox', { name: 'Status' })) as HTMLSelectElement;
    expect(status.disabled).toBe(true);
    expect(deniedReasonOf(status)).toContain('needs write on incident');
    expect(screen.queryByRole('button', { name: 'Edit Incident title' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Checkout is down');

    const root = screen.getByRole('listitem', { name: 'Hypothesis Database overloaded' }).firstElementChild as HTMLElement;
    const addFactor = within(root).getByRole('button', { name: 'Add factor' }) as HTMLButtonElement;
    expect(addFactor.disabled).toBe(true);
    expect(deniedReasonOf(addFactor)).toContain('needs write on incident');
    expect((within(root).getByRole('combobox', { name: 'Hypothesis status' }) as HTMLSelectElement).disabled).toBe(true);
    expect(within(root).queryByRole('button', { name: 'Delete Database overloaded' })).toBeNull();
    expect(within(root).queryByRole('button', { name: 'Edit Hypothesis title' })).toBeNull();

    const details = screen.getByRole('region', { name: 'Details' });
    expect((within(details).getByRole('combobox', { name: 'Severity' }) as HTMLSelectElement).disabled).toBe(true);
    const addResponder = within(details).getByRole('button', { name: 'Add responder' }) as HTMLButtonElement;
    expect(addResponder.disabled).toBe(true);
    expect(deniedReasonOf(addResponder)).toBe('Your role cannot change incident responders (needs write on responder)');

    expect(screen.queryByRole('form', { name: 'Add comment' })).toBeNull();
    expect(screen.getByText('Your role cannot change comments (needs write on comments).')).toBeTruthy();
    await app.user.click(addFactor);
    expect(app.server.to('/api/db/hypotheses', 'POST')).toHaveLength(0);
  });

  it('leaves a responder every action of the incident', async () => {
    renderSettings('/incidents/i1', [...detailRoutes(incidentFixture()), dbRoute('GET', 'responders', () => rows([]))], { roles: ['responder'] });
    const status = (await screen.findByRole('combobox', { name: 'Status' })) as HTMLSelectElement;
    expect(status.disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Edit Incident title' })).toBeTruthy();
    expect((screen.getAllByRole('button', { name: 'Add factor' })[0] as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Add responder' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByRole('form', { name: 'Add comment' })).toBeTruthy();
  });
});
