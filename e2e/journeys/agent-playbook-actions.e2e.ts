import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { JSON_HEADERS, openScreen, settingsWorld, type SettingsWorld } from '../support/settings.js';

/**
 * A playbook action with `runsOn` on the run page: waiting for its agent, then, once the agent (its
 * token calling the two agent routes, as `pharos agent` does) took it and reported, its result.
 */
describe('a playbook action run by an agent', () => {
  let world: SettingsWorld;
  let token: string;
  let runId: string;

  beforeAll(async () => {
    world = await settingsWorld();
    const generated = await world.api.post('/api/agent/generate', { headers: JSON_HEADERS, data: { name: 'eu-cluster' } });
    expect(generated.status()).toBe(201);
    token = ((await generated.json()) as { access_token: string }).access_token;
    const applied = await world.api.post('/api/apply', {
      headers: { 'Content-Type': 'application/yaml' },
      data: `apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: e2e-on-agent
spec:
  title: Restart on the edge
  runsOn: [eu-cluster]
  actions:
    - name: restart
      exec:
        script: echo restarted
`,
    });
    expect(applied.status(), await applied.text()).toBe(200);
    const { resources } = (await applied.json()) as { resources: { id: string }[] };
    const started = await world.api.post('/api/playbook/run', { headers: JSON_HEADERS, data: { id: resources[0]!.id, params: {} } });
    expect(started.status()).toBe(201);
    runId = ((await started.json()) as { run_id: string }).run_id;
  });

  afterAll(async () => {
    await world?.close();
  });

  it("shows the action waiting for agent 'eu-cluster', then the result the agent reported", async () => {
    const page = await world.admin.newPage();
    try {
      await openScreen(page, `/playbooks/runs/${runId}`);
      const steps = page.getByRole('list', { name: 'Actions' });
      await steps.getByText("Waiting for agent 'eu-cluster'").waitFor({ timeout: 30_000 });
      expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
      await screenshot(page, 'playbook-run-waiting-for-agent');

      const agent = { authorization: `Bearer ${token}` };
      const taken = await fetch(`${world.server.url}/api/agent/playbook/action?wait=20`, { headers: agent });
      expect(taken.status).toBe(200);
      const { id } = (await taken.json()) as { id: string };
      const reported = await fetch(`${world.server.url}/api/agent/playbook/action/${id}/status`, {
        method: 'POST',
        headers: { ...agent, 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'completed', result: { stdout: 'restarted on eu-cluster', stderr: '', exitCode: 0 } }),
      });
      expect(reported.status).toBe(200);

      const result = page.getByRole('region', { name: 'Result of restart' });
      await result.getByText('restarted on eu-cluster').waitFor({ timeout: 30_000 });
      await result.getByText("Ran on agent 'eu-cluster'").waitFor();
    } finally {
      await page.close();
    }
  });
});
