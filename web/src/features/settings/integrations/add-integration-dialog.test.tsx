import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub';
import { dbRoute, renderSettings, replaceEditorText, rows, stubTextLayout } from '../../../test/render-settings';
import { FLUX_WARNING } from './gitops/gitops-install';

beforeAll(stubTextLayout);

const ID = '6e5f4a3b-9c8d-4e1f-a2b3-4c5d6e7f8091';

function open(options: { logsDisabled?: boolean } = {}) {
  return renderSettings(
    '/settings/integrations',
    [
      dbRoute('GET', 'integrations_with_status', () => rows([])),
      dbRoute('POST', 'topologies', () => json([{ id: ID, name: 'shop' }], 201)),
      dbRoute('POST', 'config_scrapers', () => json([{ id: ID, name: 'inventory' }], 201)),
      dbRoute('POST', 'logging_backends', () => json([{ id: ID, name: 'app-files' }], 201)),
      { path: /\/api\/schemas\//, respond: () => json({ type: 'object' }) },
    ],
    { properties: options.logsDisabled ? [{ name: 'logs.disable', value: 'true' }] : [] },
  );
}

async function addIntegration(app: ReturnType<typeof open>) {
  // The first render loads the settings screens' code, which takes a while on a busy machine.
  await app.user.click(await screen.findByRole('button', { name: 'Add' }));
  return screen.findByRole('dialog', { name: 'Add Integration' });
}

async function choose(app: ReturnType<typeof open>, option: string) {
  const dialog = await addIntegration(app);
  await app.user.click(within(dialog).getByRole('button', { name: option }));
  return within(await screen.findByRole('dialog', { name: `Add Integration - ${option}` }));
}

const optionsOf = (dialog: HTMLElement, group: string) =>
  within(within(dialog).getByRole('region', { name: group })).getAllByRole('button').map((button) => button.textContent);

describe("'Add Integration'", () => {
  it('offers the direct kinds and the GitOps charts', async () => {
    const app = open();
    const dialog = await addIntegration(app);
    expect(optionsOf(dialog, 'Add Directly')).toEqual(['Custom Topology', 'Catalog Scraper', 'Log Backends']);
    expect(optionsOf(dialog, 'Add via GitOps')).toEqual(['AWS', 'Azure', 'Prometheus', 'Flux', 'Kubernetes', 'Mission Control']);
  });

  it('leaves Log Backends out while logs are disabled', async () => {
    const app = open({ logsDisabled: true });
    expect(optionsOf(await addIntegration(app), 'Add Directly')).toEqual(['Custom Topology', 'Catalog Scraper']);
  });

  it('adds a custom topology with the topology form, and Back returns to the choices', async () => {
    const app = open();
    let dialog = await choose(app, 'Custom Topology');
    await app.user.click(dialog.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('dialog', { name: 'Add Integration' })).toBeTruthy();
    dialog = await within(screen.getByRole('dialog')).findByRole('button', { name: 'Custom Topology' }).then(async (button) => {
      await app.user.click(button);
      return within(await screen.findByRole('dialog', { name: 'Add Integration - Custom Topology' }));
    });
    expect((dialog.getAllByLabelText(/^Source/)[0] as HTMLInputElement).value).toBe('UI');
    await app.user.type(dialog.getAllByLabelText(/^Name/)[0]!, 'shop');
    await app.user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('shop created successfully')).toBeTruthy();
    expect(app.server.to('/api/db/topologies', 'POST')[0]?.body).toMatchObject({ name: 'shop', source: 'UI', namespace: 'default' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list is read again.
    await waitFor(() => expect(app.server.to('/api/db/integrations_with_status', 'GET').length).toBeGreaterThan(1));
  });

  it("adds a catalog scraper with the catalog's scraper form", async () => {
    const app = open();
    const dialog = await choose(app, 'Catalog Scraper');
    await app.user.type((await dialog.findAllByLabelText(/^Name/))[0]!, 'inventory');
    await app.user.click(dialog.getByRole('tab', { name: 'YAML' }));
    await replaceEditorText('Spec', 'schedule: "@every 5m"\nexec:\n  - script: echo []\n');
    await app.user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('inventory created successfully')).toBeTruthy();
    expect(app.server.to('/api/db/config_scrapers', 'POST')[0]?.body).toEqual({
      name: 'inventory',
      source: null,
      spec: { schedule: '@every 5m', exec: [{ script: 'echo []' }] },
    });
  });

  it('adds a log backend with the log backend form', async () => {
    const app = open();
    const dialog = await choose(app, 'Log Backends');
    await app.user.type(dialog.getAllByLabelText(/^Name/)[0]!, 'app-files');
    await app.user.selectOptions(dialog.getByLabelText('Kind'), 'Files');
    await app.user.type(dialog.getByLabelText(/^Paths/), '/var/log/app.log');
    await app.user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('app-files created successfully')).toBeTruthy();
    expect(app.server.to('/api/db/logging_backends', 'POST')[0]?.body).toMatchObject({ name: 'app-files', spec: { file: { paths: ['/var/log/app.log'] } } });
  });

  it('generates a Flux HelmRelease and Helm CLI commands from the values, and refuses values the chart schema does not allow', async () => {
    const app = open();
    const dialog = await choose(app, 'Prometheus');
    expect((dialog.getByLabelText(/^Namespace/) as HTMLInputElement).value).toBe('mission-control');
    expect((dialog.getByLabelText(/^Interval/) as HTMLInputElement).value).toBe('30m');
    await replaceEditorText('Values', 'prometheusURL: http://prom.monitoring:9090\ntopologyName: prom\nlabels:\n  team: ops\n');

    expect(dialog.getByText(FLUX_WARNING)).toBeTruthy();
    const manifest = await dialog.findByLabelText('Flux manifest');
    await waitFor(() => expect(manifest.textContent).toContain('prometheusURL: http://prom.monitoring:9090'));
    expect(manifest.textContent).toContain('kind: HelmRelease');
    expect(manifest.textContent).toContain('chart: mission-control-prometheus');
    expect(manifest.textContent).toContain('kind: Namespace\nmetadata:\n  name: mission-control');

    await app.user.clear(dialog.getByLabelText(/^Namespace/));
    await app.user.type(dialog.getByLabelText(/^Namespace/), 'monitoring');
    await app.user.click(dialog.getByRole('tab', { name: 'Helm CLI' }));
    expect(dialog.getByText(FLUX_WARNING)).toBeTruthy();
    const commands = dialog.getByLabelText('Helm CLI commands').textContent ?? '';
    expect(commands).toContain('helm repo add flanksource https://flanksource.github.io/charts');
    expect(commands).toContain('helm repo update');
    expect(commands).toContain('helm install mission-control-prometheus flanksource/mission-control-prometheus -n "monitoring"');
    expect(commands).toContain('--set "prometheusURL=http://prom.monitoring:9090"');
    expect(commands).toContain('--set "labels.team=ops"');

    await replaceEditorText('Values', 'prometheusURL: 9090\ntopologyName: prom\n');
    const problems = await dialog.findByRole('list', { name: 'Problems in the values' });
    expect(problems.textContent).toBe('Line 1: prometheusURL: must be string');
    expect(dialog.queryByLabelText('Helm CLI commands')).toBeNull();

    // The form's Close button (the dialog's corner button has that name too).
    const close = dialog.getAllByRole('button', { name: 'Close' }).find((button) => button.textContent === 'Close');
    await app.user.click(close!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
