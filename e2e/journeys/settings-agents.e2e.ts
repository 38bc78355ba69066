import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { embeddedDatabaseUrl, query } from '../support/database.js';
import { expectNoHorizontalOverflow, VIEWPORTS } from '../support/layout.js';
import { dbRows, field, JSON_HEADERS, openScreen, settingsWorld, toast, type SettingsWorld } from '../support/settings.js';

describe('settings: agents', () => {
  let world: SettingsWorld;

  beforeAll(async () => {
    world = await settingsWorld();
  });
  afterAll(async () => {
    await world?.close();
  });

  it('creates an agent, shows its token once with the instructions, edits it and deletes it with what it created', async () => {
    const page = await world.admin.newPage();
    try {
      await openScreen(page, '/settings/agents');
      await page.getByRole('button', { name: 'Create new agent' }).click();
      expect(page.url()).toContain('addAgent=true');
      const create = page.getByRole('dialog', { name: 'Create new agent' });
      await field(create, 'Name').fill('eu-west-cluster');
      await field(create, 'Description').fill('Frankfurt');
      await create.getByLabel("Scrape the cluster's Kubernetes resources").check();
      await create.getByLabel('Interval').selectOption('1h');
      await create.getByRole('button', { name: 'Add property' }).click();
      await field(create, 'Key').fill('region');
      await field(create, 'Value').fill('eu-west-1');
      await create.getByLabel('Push telemetry upstream').check();
      await field(create, 'Topology Name').fill('eu-telemetry');
      await create.getByRole('button', { name: 'Create' }).click();
      // The instructions dialog opens at once, hiding the rest of the page from the accessibility tree: the toast is read from the toaster itself.
      await page.locator('[data-toaster]').getByText('Agent created', { exact: true }).waitFor();

      const instructions = page.getByRole('dialog', { name: 'Installation Instructions' });
      const token = (await instructions.getByLabel('Access token', { exact: true }).innerText()).trim();
      expect(token).toMatch(/^pharos_[A-Za-z0-9_-]{43}$/);
      expect(await instructions.getByLabel('Flux manifest', { exact: true }).innerText()).toContain(`token: ${token}`);
      await instructions.getByRole('tab', { name: 'Helm CLI' }).click();
      expect(await instructions.getByLabel('Helm CLI commands', { exact: true }).innerText()).toContain(`pharos agent --upstream ${world.server.url} --token ${token}`);
      await screenshot(page, 'settings-agents-instructions');
      await instructions.getByRole('button', { name: 'Done' }).click();
      await instructions.waitFor({ state: 'detached' });

      // The token is the agent's: accepted on its pull route (which marks the agent seen), refused elsewhere.
      const pulled = await fetch(`${world.server.url}/api/agent/pull`, { headers: { authorization: `Bearer ${token}` } });
      expect(pulled.status).toBe(200);
      const elsewhere = await fetch(`${world.server.url}/api/db/agents_summary`, { headers: { authorization: `Bearer ${token}` } });
      expect(elsewhere.status).toBe(403);

      const [agent] = await dbRows<{ id: string; properties: unknown; kubernetes: unknown; push_telemetry: unknown }>(
        world.api,
        'agents_summary?name=eq.eu-west-cluster&select=id,properties,kubernetes,push_telemetry',
      );
      expect(agent).toMatchObject({
        properties: { region: 'eu-west-1' },
        kubernetes: { enabled: true, interval: '1h' },
        push_telemetry: { enabled: true, topologyName: 'eu-telemetry' },
      });
      const databaseUrl = await embeddedDatabaseUrl(world.server.dataDir);
      const canary = await query<{ id: string }>(databaseUrl, "insert into canaries (name, agent_id) values ('pushed', $1) returning id", [agent!.id]);
      await query(databaseUrl, "insert into checks (canary_id, agent_id, type, name) values ($1, $2, 'http', 'pushed-check')", [canary.rows[0]!.id, agent!.id]);

      await page.reload();
      const table = page.getByRole('table', { name: 'Agents' });
      const row = table.getByRole('row').filter({ hasText: 'eu-west-cluster' });
      // Seen by its pull a moment ago, within the 61 s that count as online.
      await row.getByText('Online').waitFor();
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await row.waitFor();
        await expectNoHorizontalOverflow(page);
        await screenshot(page, `settings-agents-${viewport.width}`);
      }
      // The token is not shown again anywhere.
      expect(await page.getByText(token).count()).toBe(0);

      await row.click();
      expect(page.url()).toContain(`id=${agent!.id}`);
      const edit = page.getByRole('dialog', { name: 'Edit agent' });
      expect(await field(edit, 'Name').isDisabled()).toBe(true);
      expect(await edit.getByLabel('Interval').inputValue()).toBe('1h');
      expect(await field(edit, 'Value').inputValue()).toBe('eu-west-1');
      expect(await field(edit, 'Topology Name').inputValue()).toBe('eu-telemetry');
      await field(edit, 'Description').fill('Frankfurt, second site');
      await edit.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Agent updated');
      await row.getByText('Frankfurt, second site').waitFor();
      expect(await page.getByText(token).count()).toBe(0);

      await row.click();
      await edit.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog', { name: 'Delete resources created by the agent' }).getByRole('button', { name: 'Yes' }).click();
      await page.getByRole('alertdialog', { name: 'Delete Agent' }).getByRole('button', { name: 'Delete' }).click();
      await toast(page, 'Agent deleted');
      await row.waitFor({ state: 'detached' });

      const checks = await query<{ deleted: boolean }>(databaseUrl, "select deleted_at is not null as deleted from checks where name = 'pushed-check'");
      expect(checks.rows).toEqual([{ deleted: true }]);
      const revoked = await fetch(`${world.server.url}/api/agent/push`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      expect(revoked.status).toBe(401);
    } finally {
      await page.close();
    }
  });
  it("names the agent wherever what it pushed is shown: health tabs and rows, the topology's Agent filter, check lists, configs, job history and the 'Linked to' banner", async () => {
    const generated = await world.api.post('/api/agent/generate', { headers: JSON_HEADERS, data: { name: 'ap-south-cluster' } });
    expect(generated.status()).toBe(201);
    const [agent] = await dbRows<{ id: string }>(world.api, 'agents_summary?name=eq.ap-south-cluster&select=id');
    const agentId = agent!.id;
    const databaseUrl = await embeddedDatabaseUrl(world.server.dataDir);
    const canary = await query<{ id: string }>(databaseUrl, "insert into canaries (name, agent_id) values ('south-canary', $1) returning id", [agentId]);
    const check = await query<{ id: string }>(databaseUrl, "insert into checks (canary_id, agent_id, type, name, status) values ($1, $2, 'http', 'south-check', 'unhealthy') returning id", [canary.rows[0]!.id, agentId]);
    const topology = await query<{ id: string }>(databaseUrl, "insert into topologies (name, agent_id, source, spec) values ('south-topology', $1, 'KubernetesCRD', '{}') returning id", [agentId]);
    const component = await query<{ id: string }>(databaseUrl, "insert into components (name, type, topology_id, agent_id) values ('south-api', 'Edge::Service', $1, $2) returning id", [topology.rows[0]!.id, agentId]);
    await query(databaseUrl, "insert into components (name, type) values ('home-api', 'Edge::Service')");
    await query(databaseUrl, 'insert into check_component_relationships (component_id, check_id) values ($1, $2)', [component.rows[0]!.id, check.rows[0]!.id]);
    const configId = randomUUID();
    await query(databaseUrl, "insert into configs (id, name, type, config_class, config, agent_id) values ($1, 'south-node', 'Edge::Node', 'Node', '{}', $2)", [configId, agentId]);
    await query(databaseUrl, 'insert into check_config_relationships (config_id, check_id) values ($1, $2)', [configId, check.rows[0]!.id]);
    await query(databaseUrl, "insert into job_histories (name, status, agent_id, resource_id, resource_type, resource_name, time_start) values ('SouthCanarySync', 'FAILED', $1, $2, 'canary', 'south-canary', now())", [agentId, canary.rows[0]!.id]);

    const page = await world.admin.newPage();
    try {
      // /health: Tab By agent names the tab after the agent, and the check's row carries the agent's name.
      await openScreen(page, '/health?hidePassing=false&tabBy=agent&groupBy=no-group');
      const tabs = page.getByRole('tablist', { name: 'Tab By agent' });
      await tabs.getByRole('tab', { name: 'ap-south-cluster (1)' }).click();
      const checkRow = page.getByRole('table', { name: 'Checks' }).getByRole('row').filter({ hasText: 'south-check' });
      expect(await checkRow.getByTitle('Agent').innerText()).toBe('ap-south-cluster');

      // /topology: the Agent filter asks for the agent's components only; 'All' asks for no agent_id.
      await openScreen(page, '/topology');
      await page.getByText('home-api').first().waitFor();
      const filtered = page.waitForRequest((request) => request.url().includes('/api/topology?') && new URL(request.url()).searchParams.get('agent_id') === agentId);
      await page.getByRole('combobox', { name: 'Agent' }).selectOption({ label: 'ap-south-cluster' });
      await filtered;
      await page.getByText('south-api').first().waitFor();
      await page.getByText('home-api').waitFor({ state: 'detached' });
      expect(new URL(page.url()).searchParams.get('agent_id')).toBe(agentId);
      const unfiltered = page.waitForRequest((request) => request.url().includes('/api/topology?') && !new URL(request.url()).searchParams.has('agent_id'));
      await page.getByRole('combobox', { name: 'Agent' }).selectOption({ label: 'All' });
      await unfiltered;
      await page.getByText('home-api').first().waitFor();
      // The component's checks name the check's agent.
      await openScreen(page, `/topology/${component.rows[0]!.id}`);
      const componentCheck = page.getByRole('region', { name: 'Checks' }).getByRole('listitem').filter({ hasText: 'south-check' });
      expect(await componentCheck.getByTitle('Agent').innerText()).toBe('ap-south-cluster');

      // The catalog: the config's row and its page name the agent, the page linking to it.
      await openScreen(page, '/catalog?configType=Edge::Node');
      const configRow = page.getByRole('table', { name: 'Configs' }).getByRole('row').filter({ hasText: 'south-node' });
      expect(await configRow.getByTitle('Agent').innerText()).toBe('ap-south-cluster');
      await configRow.click();
      await page.waitForURL((url) => url.pathname === `/catalog/${configId}`);
      const agentLink = page.getByRole('link', { name: 'ap-south-cluster' });
      expect(await agentLink.getAttribute('href')).toBe(`/settings/agents?id=${agentId}`);
      await openScreen(page, `/catalog/${configId}/checks`);
      expect(await page.getByRole('row').filter({ hasText: 'south-check' }).getByTitle('Agent').innerText()).toBe('ap-south-cluster');

      // Job history: the run's agent by name.
      await openScreen(page, '/settings/jobs');
      const jobRow = page.getByRole('table', { name: 'Jobs History' }).getByRole('row').filter({ hasText: 'SouthCanarySync' });
      expect(await jobRow.getByRole('link', { name: 'ap-south-cluster' }).getAttribute('href')).toBe(`/settings/agents?id=${agentId}`);

      // The topology the agent pushed is linked to it, not edited here.
      await openScreen(page, `/settings/topologies/${topology.rows[0]!.id}`);
      const banner = page.getByRole('note');
      await banner.getByText('Linked to agent').waitFor();
      expect(await banner.getByRole('link', { name: 'ap-south-cluster' }).getAttribute('href')).toBe(`/settings/agents?id=${agentId}`);
      expect(await page.getByRole('button', { name: 'Update' }).count()).toBe(0);
    } finally {
      await page.close();
    }
  });
});
