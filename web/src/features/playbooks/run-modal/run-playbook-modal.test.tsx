import type { Role } from '@pharos/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInRoutes } from '../../../app/testing/shell-stubs';
import { json, stubFetch, type StubResponse, type StubRoute } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import type { PlaybookParameter, RunTarget } from '../api';
import { RunPlaybookModal, type RunnablePlaybook } from './run-playbook-modal';

const CHECK_ID = '6f1c1b9e-8f0a-4f57-9a57-0c8f1a2b3c4d';
const PLAIN: RunnablePlaybook = { id: 'p1', title: 'Scale', spec: { actions: [] } };
const ON_CHECKS: RunnablePlaybook = { id: 'p2', title: 'Restart', spec: { checks: [{ types: ['http'] }], actions: [] } };

interface Setup {
  playbook?: RunnablePlaybook;
  target?: RunTarget;
  params?: PlaybookParameter[];
  run?: () => StubResponse | Promise<StubResponse>;
  routes?: StubRoute[];
  roles?: Role[];
}

function setup({ playbook = PLAIN, target, params = [], run = () => json({ run_id: 'r1' }, 201), routes = [] }: Setup = {}) {
  const server = stubFetch([
    { method: 'POST', path: `/api/playbook/${playbook.id}/params`, respond: () => json({ params }) },
    { method: 'POST', path: '/api/playbook/run', respond: run },
    {
      method: 'POST',
      path: '/api/resources/search',
      respond: () => json({ checks: [{ id: CHECK_ID, name: 'checkout', type: 'http', status: 'healthy', labels: {}, agent_id: '0', icon: null, namespace: 'default', canary_id: 'k1' }] }),
    },
    ...routes,
    ...signedInRoutes({ roles: ['admin'] }),
  ]);
  const app = renderApp('/', {
    routes: [
      { path: '/', element: <RunPlaybookModal playbook={playbook} target={target} open onOpenChange={() => undefined} /> },
      { path: '/playbooks/runs/:id', element: <p>run page</p> },
    ],
  });
  return { ...app, server };
}

const runButton = () => screen.getByRole('button', { name: /^(Run|Running\.\.\.)$/ }) as HTMLButtonElement;

describe('Run playbook modal', () => {
  it('asks for a resource first when the playbook runs on resources, then shows its parameters for it', async () => {
    const { server, user } = setup({ playbook: ON_CHECKS, params: [{ name: 'reason', label: 'Reason', required: true }] });
    const dialog = await screen.findByRole('dialog', { name: 'Run Restart' });
    expect(within(dialog).getByText('Playbook Parameters')).toBeTruthy();
    expect(within(dialog).getByText('Please select a resource to see the parameters.')).toBeTruthy();
    expect(runButton().disabled).toBe(true);
    const picker = within(dialog).getByRole('combobox', { name: /Resource/ });
    await within(picker).findByRole('option', { name: 'checkout (http)' });
    expect(server.to('/api/resources/search', 'POST')[0]!.body).toMatchObject({ checks: [{ types: ['http'] }], limit: 50 });
    await user.selectOptions(picker, `checks:${CHECK_ID}`);
    expect(await within(dialog).findByRole('textbox', { name: 'Reason' })).toBeTruthy();
    expect(server.to('/api/playbook/p2/params', 'POST')[0]!.body).toEqual({ check_id: CHECK_ID });
    expect(screen.queryByText('Please select a resource to see the parameters.')).toBeNull();
  });

  it("says when there are no parameters, shows 'Running...' while the run starts, then opens the run", async () => {
    let answer: (response: StubResponse) => void = () => undefined;
    const { server, user, location } = setup({ run: () => new Promise<StubResponse>((resolve) => (answer = resolve)) });
    expect(await screen.findByText('No parameters for this playbook.')).toBeTruthy();
    await waitFor(() => expect(runButton().disabled).toBe(false));
    await user.click(runButton());
    await waitFor(() => expect(runButton().textContent).toBe('Running...'));
    expect(runButton().disabled).toBe(true);
    expect(server.to('/api/playbook/run', 'POST')[0]!.body).toEqual({ id: 'p1', params: {} });
    answer(json({ run_id: 'r1' }, 201));
    expect(await screen.findByText('run page')).toBeTruthy();
    expect(location()).toBe('/playbooks/runs/r1');
  });

  it('runs on the resource it was opened for, without a picker', async () => {
    const { server, user } = setup({ playbook: ON_CHECKS, target: { check_id: CHECK_ID } });
    await screen.findByText('No parameters for this playbook.');
    expect(screen.queryByRole('combobox', { name: /Resource/ })).toBeNull();
    await user.click(runButton());
    await screen.findByText('run page');
    expect(server.to('/api/playbook/run', 'POST')[0]!.body).toEqual({ id: 'p2', check_id: CHECK_ID, params: {} });
  });

  it('keeps Run disabled until every parameter is valid and sends each kind of value', async () => {
    const params: PlaybookParameter[] = [
      { name: 'app', label: 'App', required: true, properties: { format: 'dns1123' } },
      { name: 'replicas', label: 'Replicas', default: '2', properties: { format: 'number', min: 1, max: 10 } },
      { name: 'memory', label: 'Memory', properties: { format: 'bytes' } },
      { name: 'cpu', label: 'CPU', properties: { format: 'millicores' } },
      { name: 'env', label: 'Environment', type: 'list', default: 'dev', properties: { options: ['dev', 'prod'] } },
      { name: 'dry', label: 'Dry run', type: 'checkbox', default: 'true' },
      { name: 'notes', label: 'Notes', properties: { multiline: true, maxLength: 20 } },
    ];
    const { server, user } = setup({ params });
    const app = await screen.findByRole('textbox', { name: 'App' });
    expect(runButton().disabled).toBe(true);
    await user.type(app, 'Web_1');
    await user.tab();
    expect(await screen.findByText(/^Must be lowercase letters/)).toBeTruthy();
    await user.clear(app);
    await user.type(app, 'web-1');
    await waitFor(() => expect(screen.queryByText(/^Must be lowercase letters/)).toBeNull());
    expect(runButton().disabled).toBe(false);

    const replicas = screen.getByRole('spinbutton', { name: 'Replicas' });
    await user.clear(replicas);
    await user.type(replicas, '11');
    await user.tab();
    expect(await screen.findByText('Must be at most 10')).toBeTruthy();
    expect(runButton().disabled).toBe(true);
    await user.clear(replicas);
    await user.type(replicas, '3');

    expect((screen.getByRole('combobox', { name: 'Memory unit' }) as HTMLSelectElement).value).toBe('Mi');
    await user.type(screen.getByRole('spinbutton', { name: 'Memory' }), '2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Memory unit' }), 'Gi');
    await user.type(screen.getByRole('spinbutton', { name: 'CPU' }), '250');
    expect(screen.getByText('m')).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Environment' }), 'prod');
    await user.click(screen.getByRole('checkbox', { name: 'Dry run' }));
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'first line{enter}second');

    await waitFor(() => expect(runButton().disabled).toBe(false));
    await user.click(runButton());
    await screen.findByText('run page');
    expect(server.to('/api/playbook/run', 'POST')[0]!.body).toEqual({
      id: 'p1',
      params: { app: 'web-1', replicas: '3', memory: '2Gi', cpu: '250m', env: 'prod', dry: false, notes: 'first line\nsecond' },
    });
  });

  it("shows the response's error, else its message, with the server's problems", async () => {
    const { user } = setup({ run: () => json({ code: 'VALIDATION_FAILED', message: 'The parameters are not valid', problems: ['replicas must be at most 10', 'reason is required'] }, 400) });
    await screen.findByText('No parameters for this playbook.');
    await user.click(runButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The parameters are not valid');
    expect(within(alert).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['replicas must be at most 10', 'reason is required']);
    expect(runButton().textContent).toBe('Run');
  });

  it('prefers the error field of a failed run response', async () => {
    const { user } = setup({ run: () => json({ error: 'playbook runner is down', message: 'Internal error' }, 500) });
    await screen.findByText('No parameters for this playbook.');
    await user.click(runButton());
    expect((await screen.findByRole('alert')).textContent).toContain('playbook runner is down');
  });
});
