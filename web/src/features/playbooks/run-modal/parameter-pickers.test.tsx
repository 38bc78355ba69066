import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInRoutes } from '../../../app/testing/shell-stubs';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import type { PlaybookParameter } from '../api';
import { RunPlaybookModal } from './run-playbook-modal';
import { filterTypes } from './picker-parameter';

const TEAM = 'a0000000-0000-4000-8000-000000000001';
const PERSON = 'a0000000-0000-4000-8000-000000000002';
const COMPONENT = 'a0000000-0000-4000-8000-000000000003';
const CONFIG = 'a0000000-0000-4000-8000-000000000004';
const CHECK = 'a0000000-0000-4000-8000-000000000005';

function setup(params: PlaybookParameter[]) {
  const server = stubFetch([
    { method: 'POST', path: '/api/playbook/p1/params', respond: () => json({ params }) },
    { method: 'POST', path: '/api/playbook/run', respond: () => json({ run_id: 'r9' }, 201) },
    { path: /^\/api\/db\/teams\?/, respond: () => json([{ id: TEAM, name: 'Platform' }]) },
    { path: /^\/api\/db\/people\?/, respond: () => json([{ id: PERSON, name: 'Ada Lovelace', email: 'ada@example.com' }]) },
    { path: /^\/api\/db\/component_names\?/, respond: () => json([{ id: COMPONENT, name: 'payments', type: 'Service' }]) },
    { path: /^\/api\/db\/config_names\?/, respond: () => json([{ id: CONFIG, name: 'shop', type: 'Kubernetes::Deployment' }]) },
    { path: /^\/api\/db\/checks\?/, respond: () => json([{ id: CHECK, name: 'checkout', type: 'http' }]) },
    { path: '/schemas/settings.json', respond: () => json({ type: 'object', required: ['replicas'], properties: { replicas: { type: 'integer' } } }) },
    ...signedInRoutes({ roles: ['admin'] }),
  ]);
  const app = renderApp('/', {
    routes: [
      { path: '/', element: <RunPlaybookModal playbook={{ id: 'p1', title: 'Tune', spec: {} }} open onOpenChange={() => undefined} /> },
      { path: '/playbooks/runs/:id', element: <p>run page</p> },
    ],
  });
  return { ...app, server };
}

const runButton = () => screen.getByRole('button', { name: 'Run' }) as HTMLButtonElement;

describe('parameter pickers and the code parameter', () => {
  it('picks a team, a person, a component, a config and a check from the data service and sends their ids', async () => {
    const { server, user } = setup([
      { name: 'team', type: 'team', required: true },
      { name: 'owner', type: 'people' },
      { name: 'service', type: 'component', properties: { filter: [{ type: 'Service' }] } },
      { name: 'deployment', type: 'config', properties: { filter: { types: ['Kubernetes::Deployment'] } } },
      { name: 'probe', type: 'check' },
    ]);
    const team = await screen.findByRole('combobox', { name: 'team' });
    expect(runButton().disabled).toBe(true);
    await user.selectOptions(team, await within(team).findByRole('option', { name: 'Platform' }));
    const owner = screen.getByRole('combobox', { name: 'owner' });
    await user.selectOptions(owner, await within(owner).findByRole('option', { name: 'Ada Lovelace (ada@example.com)' }));
    const service = screen.getByRole('combobox', { name: 'service' });
    await user.selectOptions(service, await within(service).findByRole('option', { name: 'payments (Service)' }));
    const deployment = screen.getByRole('combobox', { name: 'deployment' });
    await user.selectOptions(deployment, await within(deployment).findByRole('option', { name: 'shop (Kubernetes::Deployment)' }));
    const probe = screen.getByRole('combobox', { name: 'probe' });
    await user.selectOptions(probe, await within(probe).findByRole('option', { name: 'checkout (http)' }));

    expect(server.to('/api/db/component_names')[0]!.url.searchParams.get('type')).toBe('in.(Service)');
    expect(server.to('/api/db/config_names')[0]!.url.searchParams.get('type')).toBe('in.(Kubernetes::Deployment)');
    expect(server.to('/api/db/teams')[0]!.url.searchParams.get('deleted_at')).toBe('is.null');
    await waitFor(() => expect(runButton().disabled).toBe(false));
    await user.click(runButton());
    await screen.findByText('run page');
    expect(server.to('/api/playbook/run', 'POST')[0]!.body).toEqual({
      id: 'p1',
      params: { team: TEAM, owner: PERSON, service: COMPONENT, deployment: CONFIG, probe: CHECK },
    });
  });

  it('checks a code parameter against its language and JSON schema', async () => {
    const { server } = setup([{ name: 'settings', type: 'code', default: '{"replicas": "two"}', properties: { language: 'json', jsonSchemaUrl: '/schemas/settings.json' } }]);
    expect(await screen.findByRole('textbox', { name: 'settings' })).toBeTruthy();
    // The text is valid JSON, but the schema asks for an integer: Run waits.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'settings' }).closest('[data-language]')?.getAttribute('data-language')).toBe('json'));
    await waitFor(() => expect(runButton().disabled).toBe(true));
    expect(server.to('/schemas/settings.json')).toHaveLength(1);
  });

  it('edits a script in another language as plain text', async () => {
    const { server, user } = setup([{ name: 'script', type: 'code', properties: { language: 'bash' } }]);
    const script = await screen.findByRole('textbox', { name: 'script' });
    expect(script.getAttribute('data-language')).toBe('bash');
    await user.type(script, 'echo "a: b"');
    await user.click(runButton());
    await screen.findByText('run page');
    expect(server.to('/api/playbook/run', 'POST')[0]!.body).toEqual({ id: 'p1', params: { script: 'echo "a: b"' } });
  });

  it('reads the types of a filter in its several forms', () => {
    expect(filterTypes([{ type: 'A' }, { types: ['B', 'C'] }, 'D', 3])).toEqual(['A', 'B', 'C', 'D']);
    expect(filterTypes(undefined)).toEqual([]);
  });
});
