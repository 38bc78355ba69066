import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInRoutes } from '../../../app/testing/shell-stubs';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import type { PlaybookParameter } from '../api';
import { RunPlaybookModal } from './run-playbook-modal';

function setup(params: PlaybookParameter[]) {
  const server = stubFetch([
    { method: 'POST', path: '/api/playbook/p1/params', respond: () => json({ params }) },
    { method: 'POST', path: '/api/playbook/run', respond: () => json({ run_id: 'r9' }, 201) },
    ...signedInRoutes({ roles: ['admin'] }),
  ]);
  const app = renderApp('/', {
    routes: [
      { path: '/', element: <RunPlaybookModal playbook={{ id: 'p1', title: 'Alert', spec: {} }} open onOpenChange={() => undefined} /> },
      { path: '/playbooks/runs/:id', element: <p>run page</p> },
    ],
  });
  return { ...app, server };
}

/** The values a duration field offers: its datalist's options. */
const offered = (field: HTMLElement): (string | null)[] => [...document.getElementById(field.getAttribute('list')!)!.querySelectorAll('option')].map((option) => option.getAttribute('value'));

const runButton = () => screen.getByRole('button', { name: 'Run' }) as HTMLButtonElement;

describe('duration and secret parameters', () => {
  it('offer a duration’s options, keep it within min and max, and send the one chosen', async () => {
    const { server, user } = setup([{ name: 'retention', label: 'Retention window', type: 'duration', default: '15m', properties: { min: '5m', max: '7d', options: ['5m', '15m', '1d'] } }]);
    const field = (await screen.findByRole('combobox', { name: 'Retention window' })) as HTMLInputElement;
    expect(field.value).toBe('15m');
    expect(offered(field)).toEqual(['5m', '15m', '1d']);

    await user.clear(field);
    await user.type(field, '2m');
    await user.tab();
    expect(await screen.findByText('Must be at least 5m')).toBeTruthy();
    expect(runButton().disabled).toBe(true);
    await user.clear(field);
    await user.type(field, 'later');
    expect(await screen.findByText("Must be a duration such as 30s, 15m, 1h30m or 7d, not 'later'")).toBeTruthy();

    await user.clear(field);
    await user.type(field, '1d');
    await waitFor(() => expect(runButton().disabled).toBe(false));
    await user.click(runButton());
    await screen.findByText('run page');
    expect(server.to('/api/playbook/run', 'POST')[0]!.body).toEqual({ id: 'p1', params: { retention: '1d' } });
  });

  it('offers mission-control’s usual durations when a duration parameter names none', async () => {
    setup([{ name: 'window', type: 'duration' }]);
    const field = await screen.findByRole('combobox', { name: 'window' });
    expect(offered(field)).toEqual(['5m', '15m', '30m', '1h', '2h', '4h', '8h', '1d', '2d', '3d', '7d', '30d']);
  });

  it('takes a secret in a password field that does not show it, and sends it', async () => {
    const { server, user } = setup([{ name: 'issueDetails', label: 'Details of the Issue', type: 'secret', required: true }]);
    const field = (await screen.findByLabelText(/Details of the Issue/)) as HTMLInputElement;
    expect(field.type).toBe('password');
    expect(screen.queryByRole('textbox', { name: /Details of the Issue/ })).toBeNull();
    await user.type(field, 'bucket refuses writes');
    expect(screen.queryByText('bucket refuses writes')).toBeNull();
    await user.click(runButton());
    await screen.findByText('run page');
    expect(server.to('/api/playbook/run', 'POST')[0]!.body).toEqual({ id: 'p1', params: { issueDetails: 'bucket refuses writes' } });
  });
});
