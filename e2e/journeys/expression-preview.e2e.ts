import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { openScreen, settingsWorld, type SettingsWorld } from '../support/settings.js';

describe('expression preview in the spec editors', () => {
  let world: SettingsWorld;

  beforeAll(async () => {
    world = await settingsWorld();
  });
  afterAll(async () => {
    await world?.close();
  });

  it('evaluates CEL and templates as they are typed, in a worker that stops a runaway loop', async () => {
    const page = await world.admin.newPage();
    try {
      await openScreen(page, '/settings/canaries');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await page.getByRole('dialog', { name: 'Add Health Check' }).getByRole('button', { name: 'Try an expression' }).click();
      const dialog = page.getByRole('dialog', { name: 'Try an expression' });
      const result = dialog.getByRole('status', { name: 'Result' });
      const expression = dialog.getByLabel('Expression');

      await expression.fill('code == 200 && json.items.exists(i, !i.healthy)');
      await expect.poll(() => result.innerText()).toBe('true');
      await expression.fill('lists.range(20000).map(x, lists.range(20000).map(y, x * y).size()).size()');
      await expect.poll(() => result.innerText(), { timeout: 5_000 }).toBe('The expression took longer than 1 s and was stopped');
      await expression.fill('Duration("7d") > duration("24h")');
      await expect.poll(() => result.innerText()).toBe('true');
      await expression.fill('size(json.items) +');
      await expect.poll(() => result.innerText()).toMatch(/^1:19: /);

      await dialog.getByRole('radio', { name: 'Go template' }).check();
      await expression.fill('{{ .json.version }} {{ len .json.items }}');
      await expect.poll(() => result.innerText()).toBe('1.4.2 2');
      await screenshot(page, 'expression-preview');
    } finally {
      await page.close();
    }
  });
});
