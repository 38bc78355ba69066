import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fetch-stub';
import { dbRoute, paramsOf, renderSettings, replaceEditorText, rows, stubTextLayout } from '../../../test/render-settings';

beforeAll(stubTextLayout);

const ID = 'aaaaaaaa-0000-4000-8000-000000000001';
const TOPOLOGY = {
  id: ID,
  name: 'web-cluster',
  namespace: 'prod',
  labels: { env: 'prod' },
  spec: { schedule: '@every 5m', components: [{ name: 'api' }] },
  source: 'UI',
  agent_id: '00000000-0000-0000-0000-000000000000',
  agent: { id: '00000000-0000-0000-0000-000000000000', name: 'local' },
  created_by: { id: 'p1', name: 'Grace Hopper', avatar: null },
  created_at: '2024-03-01T10:00:00Z',
  updated_at: '2024-03-02T10:00:00Z',
};

const JOB = {
  id: 'j1',
  name: 'TopologyRun',
  status: 'SUCCESS',
  resource_id: ID,
  resource_type: 'topology',
  resource_name: 'web-cluster',
  duration_millis: 1500,
  success_count: 3,
  error_count: 1,
  time_start: new Date(Date.now() - 2 * 3_600_000).toISOString(),
  created_at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
};

function topologyRoutes(resource: Record<string, unknown> = TOPOLOGY) {
  return [
    dbRoute('GET', 'topologies', () => rows([resource])),
    dbRoute('PATCH', 'topologies', () => json([{ id: ID, name: 'web-cluster' }])),
    dbRoute('GET', 'topologies_with_status', () => rows([])),
    dbRoute('GET', 'job_histories', () => rows([JOB], 1)),
    { path: '/api/schemas/topology.schema.json', respond: () => json({ type: 'object', properties: { schedule: { type: 'string' } } }) },
  ];
}

/** The topology form opens on its Form tab; these tests edit the spec as YAML. */
async function openYamlTab(app: ReturnType<typeof renderSettings>) {
  await app.user.click(await screen.findByRole('tab', { name: 'YAML' }));
  return screen.findByRole('textbox', { name: 'Spec' });
}

describe('/settings/{table}/{id}', () => {
  it('shows the resource in its form: Update, name and namespace locked, labels and spec as YAML', async () => {
    const app = renderSettings(`/settings/topologies/${ID}`, topologyRoutes());
    const name = (await screen.findByLabelText('Name')) as HTMLInputElement;
    expect(name.value).toBe('web-cluster');
    expect(name.disabled).toBe(true);
    expect((screen.getByLabelText('Namespace') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Source') as HTMLInputElement).value).toBe('UI');
    expect(screen.getByRole('button', { name: 'Update' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect((await openYamlTab(app)).textContent).toContain('schedule: "@every 5m"');
    expect(screen.getByRole('textbox', { name: 'Labels' }).textContent).toContain('env: prod');

    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Topologies' }).getAttribute('href')).toBe('/settings/topologies');
    expect(within(breadcrumb).getByText('web-cluster').getAttribute('aria-current')).toBe('page');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Spec', 'Job History', 'Form', 'YAML']);

    const request = app.server.to('/api/db/topologies', 'GET')[0]!;
    expect(paramsOf(request.url)).toMatchObject({ id: `eq.${ID}` });
    expect(app.server.to('/api/schemas/topology.schema.json')).toHaveLength(1);
  });

  it('updates the spec and labels, then returns to the list', async () => {
    const app = renderSettings(`/settings/topologies/${ID}`, topologyRoutes());
    await openYamlTab(app);
    await replaceEditorText('Spec', 'schedule: "@every 1m"\ncomponents:\n  - name: web\n');
    await replaceEditorText('Labels', 'env: staging\nteam: sre\n');
    await app.user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('web-cluster updated successfully')).toBeTruthy();
    await waitFor(() => expect(app.location()).toBe('/settings/topologies'));
    const patch = app.server.to('/api/db/topologies', 'PATCH')[0]!;
    expect(paramsOf(patch.url)).toMatchObject({ id: `eq.${ID}` });
    expect(patch.body).toEqual({
      source: 'UI',
      labels: { env: 'staging', team: 'sre' },
      spec: { schedule: '@every 1m', components: [{ name: 'web' }] },
    });
  });

  it('leaves a spec that does not parse out of the update, and logs it', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const app = renderSettings(`/settings/topologies/${ID}`, topologyRoutes());
    await openYamlTab(app);
    await replaceEditorText('Spec', 'components: [unclosed\n');
    await app.user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText('web-cluster updated successfully');
    const body = app.server.to('/api/db/topologies', 'PATCH')[0]!.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('spec');
    expect(body['labels']).toEqual({ env: 'prod' });
    expect(error).toHaveBeenCalledWith(expect.stringContaining('spec of topologies is not valid YAML'), expect.anything());
    error.mockRestore();
  });

  it('hides Update and Delete without write permission on the table', async () => {
    const app = renderSettings(`/settings/topologies/${ID}`, topologyRoutes(), { roles: ['viewer'] });
    await openYamlTab(app);
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Spec' }).getAttribute('aria-readonly')).toBe('true');
  });

  it('soft-deletes after confirmation and returns to the list', async () => {
    const app = renderSettings(`/settings/topologies/${ID}`, topologyRoutes());
    await app.user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Are you sure you want to delete web-cluster?')).toBeTruthy();
    await app.user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('web-cluster deleted successfully')).toBeTruthy();
    await waitFor(() => expect(app.location()).toBe('/settings/topologies'));
    const patch = app.server.to('/api/db/topologies', 'PATCH')[0]!;
    expect(paramsOf(patch.url)).toMatchObject({ id: `eq.${ID}` });
    const deletedAt = (patch.body as { deleted_at: string }).deleted_at;
    expect(Math.abs(Date.parse(deletedAt) - Date.now())).toBeLessThan(60_000);
  });

  it("shows 'Linked to' instead of the actions for a resource of an agent or another source", async () => {
    const agent = { id: 'bbbbbbbb-0000-4000-8000-000000000002', name: 'eu-west' };
    renderSettings(`/settings/topologies/${ID}`, topologyRoutes({ ...TOPOLOGY, agent_id: agent.id, agent }));
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('Linked to agent');
    expect(within(note).getByRole('link', { name: 'eu-west' }).getAttribute('href')).toBe(`/settings/agents?id=${agent.id}`);
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it("says 'Linked to local file' for a resource from a ConfigFile", async () => {
    renderSettings(`/settings/topologies/${ID}`, topologyRoutes({ ...TOPOLOGY, source: 'ConfigFile=/etc/pharos/topology.yaml' }));
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('Linked to local file');
    expect(note.textContent).toContain('/etc/pharos/topology.yaml');
  });

  it('lists the job history of the resource, newest first, 150 a page, and opens a run', async () => {
    const app = renderSettings(`/settings/topologies/${ID}?tab=job-history`, topologyRoutes());
    const table = await screen.findByRole('table', { name: 'Job History' });
    const row = (await within(table).findByText('TopologyRun')).closest('tr')!;
    expect(within(row).getByText('SUCCESS').getAttribute('data-colour')).toBe('green');
    expect(within(row).getByText('1.5s')).toBeTruthy();
    expect(within(row).getByText('3')).toBeTruthy();
    expect(within(row).getByText('1')).toBeTruthy();
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Timestamp',
      'Job Name',
      'Agent',
      'Status',
      'Duration',
      'Success Count',
      'Error Count',
    ]);
    const request = app.server.to('/api/db/job_histories', 'GET')[0]!;
    expect(paramsOf(request.url)).toMatchObject({
      resource_id: `eq.${ID}`,
      resource_type: 'eq.topology',
      order: 'created_at.desc',
      limit: '150',
      offset: '0',
    });
    expect(request.headers.get('Prefer')).toContain('count=exact');

    await app.user.click(row);
    expect(await screen.findByRole('dialog', { name: 'Details for job TopologyRun' })).toBeTruthy();
  });

  it.each([
    ['topologies', ['Spec', 'Job History', 'Form', 'YAML']],
    // A health check's spec is edited with its form or as YAML.
    ['canaries', ['Spec', 'Job History', 'Form', 'YAML']],
    ['config_scrapers', ['Spec', 'Job History']],
    ['incident_rules', ['Spec', 'Job History']],
    ['connections', ['Spec']],
    ['logging_backends', ['Spec', 'Form', 'YAML']],
    ['notifications', ['Spec']],
  ])('gives %s the tabs %j', async (table, tabs) => {
    renderSettings(`/settings/${table}/${ID}`, [
      dbRoute('GET', table, () => rows([{ ...TOPOLOGY, spec: {} }])),
      dbRoute('GET', 'job_histories', () => rows([])),
      { path: /^\/api\/schemas\//, respond: () => json({ type: 'object' }) },
    ]);
    await screen.findByLabelText('Name');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(tabs);
  });

  it('shows the error when the resource cannot be loaded', async () => {
    renderSettings(`/settings/topologies/${ID}`, [
      dbRoute('GET', 'topologies', () => json({ code: '22P02', message: 'invalid input syntax for type uuid' }, 400)),
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('invalid input syntax for type uuid');
  });

  it('edits a health check at /settings/canaries/{id}, against the canary schema', async () => {
    const canary = { ...TOPOLOGY, name: 'api-health', spec: { http: [{ name: 'api', url: 'https://example.com' }] } };
    const app = renderSettings(`/settings/canaries/${ID}`, [
      dbRoute('GET', 'canaries', () => rows([canary])),
      { path: '/api/schemas/canary.schema.json', respond: () => json({ type: 'object' }) },
    ]);
    await app.user.click(await screen.findByRole('tab', { name: 'YAML' }));
    expect((await screen.findByRole('textbox', { name: 'Spec' })).textContent).toContain('url: https://example.com');
    expect(screen.getByRole('button', { name: 'Update' })).toBeTruthy();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Health Checks' }).getAttribute('href')).toBe('/settings/canaries');
    expect(paramsOf(app.server.to('/api/db/canaries', 'GET')[0]!.url)).toMatchObject({ id: `eq.${ID}` });
    expect(app.server.to('/api/schemas/canary.schema.json')).toHaveLength(1);
  });
});
