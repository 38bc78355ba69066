import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { applyYaml, startCheckTarget, type CheckTarget } from '../support/health.js';
import { dbRows, field, openScreen, settingsWorld, type SettingsWorld } from '../support/settings.js';

const JSON_WRITE = { 'Content-Type': 'application/json', Prefer: 'return=representation' };

/**
 * A check that starts failing after its deployment changed: the topology links the check and the
 * deployment through the `checkout` component, so the drawer of the failing check names the change
 * as a suspect with its diff, and suggests the playbook that runs on the check, its run form filled
 * from the check. The component's panel names the same change; an incident with the check as
 * evidence lists it in the add-evidence wizard, where one click adds it as evidence, and the check's
 * evidence suggests the playbook.
 */
describe('suspect changes and suggested fixes of a failing check', () => {
  let world: SettingsWorld;
  let target: CheckTarget;
  let checkId = '';
  let changeId = '';

  beforeAll(async () => {
    world = await settingsWorld();
    target = await startCheckTarget();
    const created = await world.api.post('/api/db/configs', { headers: JSON_WRITE, data: { name: 'checkout-deploy', type: 'Kubernetes::Deployment' } });
    expect(created.ok(), await created.text()).toBe(true);
    const [config] = (await created.json()) as [{ id: string }];
    const change = await world.api.post('/api/db/config_changes', {
      headers: JSON_WRITE,
      data: { config_id: config.id, change_type: 'Deployment', severity: 'medium', summary: 'image checkout:2', diff: '--- a\n+++ b\n-image: checkout:1\n+image: checkout:2' },
    });
    expect(change.ok(), await change.text()).toBe(true);
    changeId = ((await change.json()) as [{ id: string }])[0].id;
    await applyYaml(
      world,
      `apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata: {name: restart-checkout}
spec:
  title: Restart checkout
  checks:
    - name: checkout-api
  components:
    - name: checkout
  parameters:
    - name: subject
      label: Subject
      default: "{{.check.name}}"
  actions:
    - name: restart
      exec:
        script: echo "restarting {{.params.subject}}"
---
apiVersion: canaries.flanksource.com/v1
kind: Topology
metadata: {name: shop}
spec:
  schedule: "@every 1m"
  type: Application
  components:
    - name: checkout
      type: Service
      checks: [{selector: {name: checkout-api}}]
      configs: [{name: checkout-deploy, type: Kubernetes::Deployment}]
---
apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata: {name: checkout}
spec:
  schedule: "@every 1m"
  http:
    - name: checkout-api
      url: ${target.url}/checkout
      responseCodes: [200]
`,
    );
  });

  afterAll(async () => {
    await target?.close();
    await world?.close();
  });

  async function openDrawer(page: Page) {
    await openScreen(page, `/health?hidePassing=false&checkId=${checkId}`);
    const drawer = page.getByRole('dialog', { name: 'checkout-api' });
    await drawer.waitFor();
    return drawer;
  }

  it('shows the change with its diff, then runs the suggested playbook from a form filled from the check', async () => {
    await expect
      .poll(async () => (checkId = (await dbRows<{ id: string }>(world.api, 'checks?name=eq.checkout-api&deleted_at=is.null&select=id'))[0]?.id ?? ''), { timeout: 30_000 })
      .not.toBe('');
    // Once the check has failed and the topology has linked it, its suspects name the change.
    await expect
      .poll(
        async () => {
          const answer = await world.api.get(`/api/suspects?check_id=${checkId}`);
          return answer.ok() ? ((await answer.json()) as { suspects: { summary: string }[] }).suspects.map((suspect) => suspect.summary) : [];
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toEqual(['image checkout:2']);

    const page = await world.admin.newPage();
    try {
      const drawer = await openDrawer(page);
      const suspects = drawer.getByRole('region', { name: 'Suspect changes' });
      const suspect = suspects.getByRole('listitem', { name: 'checkout-deploy: Deployment' });
      await suspect.waitFor();
      // The check's component, then the component's deployment.
      expect(await suspect.textContent()).toContain('2 hops away');
      await suspect.getByText('Diff', { exact: true }).click();
      const diff = suspect.getByLabel('Diff of Deployment on checkout-deploy');
      await diff.waitFor();
      expect(await diff.textContent()).toContain('+image: checkout:2');

      const fixes = drawer.getByRole('region', { name: 'Suggested fixes' });
      await fixes.getByRole('listitem', { name: 'Restart checkout' }).getByText('Never run on it').waitFor();
      await screenshot(page, 'suspects-drawer');
      await fixes.getByRole('button', { name: 'Run Restart checkout' }).click();
      const modal = page.getByRole('dialog', { name: 'Run Restart checkout' });
      await expect.poll(() => field(modal, 'Subject').inputValue(), { timeout: 10_000 }).toBe('checkout-api');
      await modal.getByRole('button', { name: 'Run', exact: true }).click();
      await page.waitForURL(/\/playbooks\/runs\/[0-9a-f-]{36}$/);
      const runId = new URL(page.url()).pathname.split('/').at(-1)!;
      const [run] = await dbRows<{ check_id: string; parameters: Record<string, string> }>(world.api, `playbook_runs?id=eq.${runId}&select=check_id,parameters`);
      expect(run).toMatchObject({ check_id: checkId, parameters: { subject: 'checkout-api' } });
    } finally {
      await page.close();
    }
  });

  it("names the change in the component's panel, and adds it to an incident's evidence in one click", async () => {
    expect(checkId).not.toBe('');
    const [component] = await dbRows<{ id: string }>(world.api, 'components?name=eq.checkout&deleted_at=is.null&select=id');
    expect(component).toBeDefined();
    const incident = await world.api.post('/api/db/incidents', { headers: JSON_WRITE, data: { title: 'Checkout failing', severity: 'high', status: 'open', type: 'availability' } });
    expect(incident.ok(), await incident.text()).toBe(true);
    const [{ id: incidentId }] = (await incident.json()) as [{ id: string }];
    const hypothesis = await world.api.post('/api/db/hypotheses', { headers: JSON_WRITE, data: { incident_id: incidentId, title: 'Checkout down', type: 'root', status: 'possible' } });
    expect(hypothesis.ok(), await hypothesis.text()).toBe(true);
    const [{ id: hypothesisId }] = (await hypothesis.json()) as [{ id: string }];
    const evidence = await world.api.post('/api/db/evidences', { headers: JSON_WRITE, data: { hypothesis_id: hypothesisId, type: 'check', check_id: checkId, description: 'checkout-api' } });
    expect(evidence.ok(), await evidence.text()).toBe(true);

    const page = await world.admin.newPage();
    try {
      await openScreen(page, `/topology/${component!.id}`);
      const panel = page.getByRole('complementary', { name: 'Component details' });
      const fromComponent = panel.getByRole('region', { name: 'Suspect changes' }).getByRole('listitem', { name: 'checkout-deploy: Deployment' });
      await fromComponent.waitFor();
      // The component's own deployment.
      expect(await fromComponent.textContent()).toContain('1 hop away');
      await panel.getByRole('region', { name: 'Suggested fixes' }).getByRole('listitem', { name: 'Restart checkout' }).waitFor();
      await screenshot(page, 'suspects-component-panel');

      await openScreen(page, `/incidents/${incidentId}?comments=true`);
      await page.getByRole('button', { name: 'Attach evidence to Checkout down' }).click();
      const wizard = page.getByRole('dialog', { name: /^Add evidence/ });
      const suspect = wizard.getByRole('region', { name: 'Suspect changes' }).getByRole('listitem', { name: 'checkout-deploy: Deployment' });
      await suspect.getByRole('button', { name: 'Add as evidence' }).click();
      await suspect.getByRole('button', { name: 'Added' }).waitFor();
      await screenshot(page, 'suspects-evidence-wizard');
      await expect
        .poll(async () => dbRows<{ type: string; config_change_id: string | null }>(world.api, `evidences?hypothesis_id=eq.${hypothesisId}&type=eq.config_change&select=type,config_change_id`))
        .toEqual([{ type: 'config_change', config_change_id: changeId }]);
      await page.keyboard.press('Escape');
      await wizard.waitFor({ state: 'detached' });

      // The check's evidence offers the playbooks that run on the check.
      const root = page.getByRole('listitem', { name: 'Hypothesis Checkout down' });
      const checkEvidence = root.locator('[data-type="check"]');
      await checkEvidence.getByRole('button', { name: 'Suggested fixes' }).click();
      await checkEvidence.getByRole('region', { name: 'Suggested fixes' }).getByRole('listitem', { name: 'Restart checkout' }).waitFor();
    } finally {
      await page.close();
    }
  });
});
