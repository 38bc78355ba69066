import { AGENT_SCRAPE_INTERVALS, LOCAL_AGENT_ID } from '@pharos/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub';
import { dbRoute, paramsOf, renderSettings, rows } from '../../../test/render-settings';
import { CLEANUP_QUESTION } from './delete-agent-dialogs';
import type { AgentSummary } from './types';

const AGENT: AgentSummary = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'eu-cluster',
  description: 'Frankfurt',
  properties: { region: 'eu' },
  kubernetes: { enabled: true, interval: '1h' },
  push_telemetry: { enabled: false },
  config_count: 12,
  checks_count: 3,
  config_scrapper_count: 2,
  playbook_runs_count: 5,
  last_seen: new Date().toISOString(),
  last_received: null,
  created_at: '2024-03-01T10:00:00Z',
  updated_at: '2024-03-01T10:00:00Z',
};

function routes() {
  return [
    dbRoute('GET', 'agents_summary', () => rows([AGENT], 31)),
    dbRoute('PATCH', 'agents', () => ({ status: 204 })),
    { method: 'POST', path: '/api/agent/generate', respond: () => json({ id: 'new-id', name: 'new-agent', access_token: 'pharos_secret-token' }, 201) },
  ];
}

describe('/settings/agents', () => {
  it('lists agents_summary newest first with the counts, online status and total', async () => {
    const app = renderSettings('/settings/agents', routes());
    const table = await screen.findByRole('table', { name: 'Agents' });
    const row = (await within(table).findByText('eu-cluster')).closest('tr')!;
    expect(within(row).getByText('Online')).toBeTruthy();
    expect(within(row).getByText('12')).toBeTruthy();
    expect(within(row).getByText('Never')).toBeTruthy();
    const read = app.server.requests.find((r) => r.url.pathname === '/api/db/agents_summary')!;
    expect(paramsOf(read.url)).toMatchObject({ order: 'created_at.desc.nullslast', offset: '0' });
    expect(read.headers.get('prefer')).toContain('count=exact');
  });

  it('orders by the sortBy and sortOrder of the URL', async () => {
    const app = renderSettings('/settings/agents?sortBy=name&sortOrder=asc', routes());
    await screen.findByText('eu-cluster');
    const read = app.server.requests.find((r) => r.url.pathname === '/api/db/agents_summary')!;
    expect(paramsOf(read.url).order).toBe('name.asc.nullslast');
  });

  it('pages with the total the server counts: the next page asks for the rows after this one', async () => {
    const user = userEvent.setup();
    const app = renderSettings('/settings/agents?pageSize=10', routes());
    await screen.findByText('eu-cluster');
    expect(screen.getByText('of 4')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(app.server.requests.filter((r) => r.url.pathname === '/api/db/agents_summary' && r.url.searchParams.get('offset') === '10')).toHaveLength(1));
    const next = app.server.requests.find((r) => r.url.pathname === '/api/db/agents_summary' && r.url.searchParams.get('offset') === '10')!;
    expect(paramsOf(next.url)).toMatchObject({ limit: '10', order: 'created_at.desc.nullslast' });
    expect(app.location()).toContain('pageIndex=1');
  });

  it('offers the scrape intervals 1m to 24h, 30m by default, and sends the telemetry topology', async () => {
    const user = userEvent.setup();
    const app = renderSettings('/settings/agents?addAgent=true', routes());
    const dialog = await screen.findByRole('dialog', { name: 'Create new agent' });
    expect(within(dialog).queryByLabelText('Interval')).toBeNull();
    expect(within(dialog).queryByLabelText('Topology Name')).toBeNull();
    await user.type(within(dialog).getByLabelText(/^Name/), 'telemetry-agent');
    await user.click(within(dialog).getByLabelText("Scrape the cluster's Kubernetes resources"));
    const interval = within(dialog).getByLabelText('Interval') as HTMLSelectElement;
    expect([...interval.options].map((option) => option.value)).toEqual([...AGENT_SCRAPE_INTERVALS]);
    expect(interval.value).toBe('30m');
    await user.click(within(dialog).getByLabelText('Push telemetry upstream'));
    await user.type(within(dialog).getByLabelText('Topology Name'), 'edge-telemetry');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(app.server.to('/api/agent/generate', 'POST')).toHaveLength(1));
    expect(app.server.to('/api/agent/generate', 'POST')[0]!.body).toMatchObject({
      kubernetes: { enabled: true, interval: '30m' },
      pushTelemetry: { enabled: true, topologyName: 'edge-telemetry' },
    });
  });

  it('edits the local agent but never offers to delete it', async () => {
    const local: AgentSummary = { ...AGENT, id: LOCAL_AGENT_ID, name: 'local', description: null };
    renderSettings(`/settings/agents?id=${LOCAL_AGENT_ID}`, [dbRoute('GET', 'agents_summary', () => rows([local])), ...routes()]);
    const dialog = await screen.findByRole('dialog', { name: 'Edit agent' });
    await within(dialog).findByRole('button', { name: 'Save' });
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('creates an agent, then shows its token once with Flux and Helm CLI instructions', async () => {
    const user = userEvent.setup();
    const app = renderSettings('/settings/agents', routes());
    await user.click(await screen.findByRole('button', { name: 'Create new agent' }));
    expect(app.location()).toContain('addAgent=true');
    const dialog = await screen.findByRole('dialog', { name: 'Create new agent' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^Name/), 'new-agent');
    await user.click(within(dialog).getByLabelText("Scrape the cluster's Kubernetes resources"));
    const interval = within(dialog).getByLabelText<HTMLSelectElement>('Interval');
    expect(interval.value).toBe('30m');
    expect([...interval.options].map((option) => option.textContent)).toEqual(['1m', '5m', '10m', '30m', '1h', '2h', '6h', '12h', '24h']);
    await user.selectOptions(interval, '5m');
    await user.click(within(dialog).getByRole('button', { name: 'Add property' }));
    await user.type(within(dialog).getByLabelText('Key'), 'team');
    await user.type(within(dialog).getByLabelText('Value'), 'sre');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(app.server.to('/api/agent/generate', 'POST')).toHaveLength(1));
    expect(app.server.to('/api/agent/generate', 'POST')[0]!.body).toEqual({
      name: 'new-agent',
      description: '',
      properties: { team: 'sre' },
      kubernetes: { enabled: true, interval: '5m' },
      pushTelemetry: { enabled: false },
    });
    expect(await screen.findByText('Agent created')).toBeTruthy();
    const instructions = await screen.findByRole('dialog', { name: 'Installation Instructions' });
    expect(within(instructions).getByLabelText('Access token').textContent).toBe('pharos_secret-token');
    const flux = within(instructions).getByLabelText('Flux manifest').textContent;
    expect(flux).toContain('token: pharos_secret-token');
    expect(flux).toContain('kind: HelmRelease');
    expect(flux).toContain(`upstream: ${window.location.origin}`);
    await user.click(within(instructions).getByRole('tab', { name: 'Helm CLI' }));
    const helm = within(instructions).getByLabelText('Helm CLI commands').textContent;
    expect(helm).toContain('helm upgrade --install pharos-agent ./deploy/helm/pharos');
    expect(helm).toContain(`--set agent.upstream=${window.location.origin}`);
    expect(helm).toContain('--set agent.tokenSecret.name=pharos-agent-new-agent');
    expect(helm).toContain(`pharos agent --upstream ${window.location.origin} --token pharos_secret-token`);
    expect(app.location()).not.toContain('addAgent');
    await user.click(within(instructions).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('pharos_secret-token')).toBeNull());
  });

  it('edits an agent from ?id= with a read-only name and Save', async () => {
    const user = userEvent.setup();
    const app = renderSettings(`/settings/agents?id=${AGENT.id}`, routes());
    const dialog = await screen.findByRole('dialog', { name: 'Edit agent' });
    const name = (await within(dialog).findByLabelText(/^Name/)) as HTMLInputElement;
    expect(name.value).toBe('eu-cluster');
    expect(name.disabled).toBe(true);
    expect((within(dialog).getByLabelText('Interval') as HTMLSelectElement).value).toBe('1h');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(app.server.to('/api/db/agents', 'PATCH')).toHaveLength(1));
    const patch = app.server.to('/api/db/agents', 'PATCH')[0]!;
    expect(paramsOf(patch.url)).toMatchObject({ id: `eq.${AGENT.id}` });
    expect(patch.body).toEqual({ description: 'Frankfurt', properties: { region: 'eu' }, kubernetes: { enabled: true, interval: '1h' }, push_telemetry: { enabled: false } });
    expect(await screen.findByText('Agent updated')).toBeTruthy();
  });

  it.each([
    ['Yes', true],
    ['No', false],
  ])('deletes after asking about cleanup (%s) and confirming', async (answer, cleanup) => {
    const user = userEvent.setup();
    const app = renderSettings(`/settings/agents?id=${AGENT.id}`, routes());
    const dialog = await screen.findByRole('dialog', { name: 'Edit agent' });
    await user.click(await within(dialog).findByRole('button', { name: 'Delete' }));
    const question = await screen.findByRole('dialog', { name: 'Delete resources created by the agent' });
    expect(within(question).getByText(CLEANUP_QUESTION)).toBeTruthy();
    await user.click(within(question).getByRole('button', { name: answer }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Agent' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(app.server.to('/api/db/agents', 'PATCH')).toHaveLength(1));
    const body = app.server.to('/api/db/agents', 'PATCH')[0]!.body as { deleted_at: string; cleanup: boolean };
    expect(body.cleanup).toBe(cleanup);
    expect(Number.isNaN(Date.parse(body.deleted_at))).toBe(false);
    expect(await screen.findByText('Agent deleted')).toBeTruthy();
  });

  it('shows the server message when creation fails', async () => {
    const user = userEvent.setup();
    renderSettings('/settings/agents?addAgent=true', [
      { method: 'POST', path: '/api/agent/generate', respond: () => json({ code: 'AGENT_NAME_TAKEN', message: 'An agent named "x" already exists', details: null, hint: null }, 409) },
      ...routes(),
    ]);
    const dialog = await screen.findByRole('dialog', { name: 'Create new agent' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('An agent named "x" already exists')).toBeTruthy();
  });

  it('shows the server message when saving or deleting fails', async () => {
    const user = userEvent.setup();
    const refusals = ['kubernetes.interval must be one of 1m, 5m, 10m, 30m, 1h, 2h, 6h, 12h, 24h', 'The local agent cannot be deleted'];
    let patches = 0;
    renderSettings(`/settings/agents?id=${AGENT.id}`, [
      dbRoute('PATCH', 'agents', () => json({ code: 'P0001', message: refusals[patches++], details: null, hint: null }, 400)),
      ...routes(),
    ]);
    const dialog = await screen.findByRole('dialog', { name: 'Edit agent' });
    await user.click(await within(dialog).findByRole('button', { name: 'Save' }));
    expect(await screen.findByText(refusals[0]!)).toBeTruthy();
    expect(screen.queryByText('Agent updated')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete resources created by the agent' })).getByRole('button', { name: 'No' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Delete Agent' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(refusals[1]!)).toBeTruthy();
    expect(screen.queryByText('Agent deleted')).toBeNull();
  });

  it('hides creation from those who may not write agents', async () => {
    renderSettings('/settings/agents', routes(), { roles: ['viewer'] });
    await screen.findByText('eu-cluster');
    expect(screen.queryByRole('button', { name: 'Create new agent' })).toBeNull();
  });
});
