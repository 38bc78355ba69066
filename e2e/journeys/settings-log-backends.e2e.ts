import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { expectNoHorizontalOverflow, VIEWPORTS } from '../support/layout.js';
import { dbRows, field, openScreen, settingsWorld, toast, type SettingsWorld } from '../support/settings.js';

interface LogBackendRow {
  id: string;
  name: string;
  source: string | null;
  spec: Record<string, unknown>;
}

/** The log backend form (spec 3 §2.6, §5) against a real server: its own Add, validation, the 'Linked to' banner. */
describe('settings: log backends', () => {
  let world: SettingsWorld;

  beforeAll(async () => {
    world = await settingsWorld();
  });
  afterAll(async () => {
    await world?.close();
  });

  it('adds a file backend with the form: name and paths required from the start, Save disabled until they are given', async () => {
    const page = await world.admin.newPage();
    try {
      await openScreen(page, '/settings/logging_backends');
      await page.getByText('No resources found').waitFor();
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Log Backend' });
      await dialog.waitFor();
      const save = dialog.getByRole('button', { name: 'Save' });
      // Validated on mount: the name's and the kind's messages show before anything is typed.
      await expect.poll(() => dialog.getByText('This field is required').count()).toBe(2);
      expect(await save.isDisabled()).toBe(true);

      // A name alone is no backend: the kind still says it is required, and Save stays disabled.
      await field(dialog, 'Name').fill('e2e-files');
      await expect.poll(() => dialog.getByText('This field is required').count()).toBe(1);
      expect(await dialog.getByLabel('Kind', { exact: true }).getAttribute('aria-invalid')).toBe('true');
      expect(await save.isDisabled()).toBe(true);
      await dialog.getByLabel('Kind', { exact: true }).selectOption({ label: 'Files' });
      await dialog.getByText('This field is required').waitFor();
      expect(await save.isDisabled()).toBe(true);
      await field(dialog, 'Paths').fill('/var/log/pharos/*.log');
      await dialog.getByLabel('Line format').selectOption('json');
      expect(await save.isEnabled()).toBe(true);
      await screenshot(page, 'settings-log-backend-add');
      await save.click();
      await toast(page, 'e2e-files created successfully');
      await dialog.waitFor({ state: 'detached' });

      await page.getByRole('table', { name: 'Log Backends' }).getByText('e2e-files').waitFor();
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await expectNoHorizontalOverflow(page);
      }
      const [stored] = await dbRows<LogBackendRow>(world.api, 'logging_backends?name=eq.e2e-files');
      expect(stored?.spec).toEqual({ file: { paths: ['/var/log/pharos/*.log'], format: 'json' } });
      expect(stored?.source).toBeNull();
    } finally {
      await page.close();
    }
  });

  it('shows a backend applied from a file as linked to it, without its submit buttons', async () => {
    const applied = await world.api.post('/api/apply', {
      headers: { 'Content-Type': 'application/yaml' },
      data: 'apiVersion: pharos.io/v1\nkind: LoggingBackend\nmetadata:\n  name: from-git\nspec:\n  loki:\n    url: http://127.0.0.1:3100\n    selector: "{app=\\"api\\"}"\n',
    });
    expect(applied.status()).toBe(200);
    const { resources } = (await applied.json()) as { resources: { id: string }[] };
    const page = await world.admin.newPage();
    try {
      await openScreen(page, '/settings/logging_backends');
      await page.getByRole('table', { name: 'Log Backends' }).getByText('from-git').click();
      await page.waitForURL((url) => url.pathname === `/settings/logging_backends/${resources[0]?.id ?? ''}`);
      await page.getByText('Linked to local file').waitFor();
      expect(await page.getByLabel('URL').inputValue()).toBe('http://127.0.0.1:3100');
      expect(await page.getByLabel('URL').isDisabled()).toBe(true);
      await screenshot(page, 'settings-log-backend-linked');
      expect(await page.getByRole('button', { name: 'Update' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    } finally {
      await page.close();
    }
  });
});
