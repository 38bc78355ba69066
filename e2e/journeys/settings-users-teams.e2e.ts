import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { expectNoHorizontalOverflow, VIEWPORTS } from '../support/layout.js';
import { field, openScreen, settingsWorld, toast, type SettingsWorld } from '../support/settings.js';

describe('settings: users and teams', () => {
  let world: SettingsWorld;

  beforeAll(async () => {
    world = await settingsWorld(['editor']);
  });
  afterAll(async () => {
    await world?.close();
  });

  it('invites a user, refuses them a role until they verify, gives one to a verified person and deletes the invited one', async () => {
    const email = `katherine-${randomUUID()}@example.com`;
    const page = await world.admin.newPage();
    try {
      await openScreen(page, '/settings/users');
      const users = page.getByRole('table', { name: 'Users' });
      await users.getByText('Grace Hopper').waitFor();

      await page.getByRole('button', { name: 'Invite User' }).click();
      const invite = page.getByRole('dialog', { name: 'Invite User' });
      await invite.getByRole('button', { name: 'Invite' }).click();
      await invite.getByText('Please provide valid first name').waitFor();
      expect(await invite.getByText('Please select any role').count()).toBe(1);
      await field(invite, 'First Name').fill('Katherine');
      await field(invite, 'Last Name').fill('Johnson');
      await field(invite, 'Email').fill('katherine@');
      await invite.getByRole('button', { name: 'Invite' }).click();
      await invite.getByText('Entered value does not match email format').waitFor();
      await field(invite, 'Email').fill(email);
      await field(invite, 'Role').selectOption('viewer');
      await invite.getByRole('button', { name: 'Invite' }).click();
      await toast(page, 'Katherine Johnson invited successfully');
      const row = users.getByRole('row').filter({ hasText: email });
      await row.getByText('Viewer').waitFor();
      // Until she accepts, she is listed as invited, not active.
      expect(await row.getByRole('cell').nth(3).innerText()).toBe('Invited');

      // Until she accepts the invitation her address is unverified: no further role is given, and the page says why.
      await page.getByRole('button', { name: 'Add Role to User' }).click();
      const refused = page.getByRole('dialog', { name: 'Add Role to User' });
      await field(refused, 'User').selectOption({ label: 'Katherine Johnson' });
      await refused.getByRole('button', { name: 'Roles: Viewer' }).click();
      await page.getByRole('group', { name: 'Roles' }).getByLabel('Responder').check();
      await page.keyboard.press('Escape');
      await refused.getByRole('button', { name: 'Save' }).click();
      await page.getByText(/has not verified its email address/).first().waitFor({ timeout: 15_000 });
      await page.keyboard.press('Escape');
      await refused.waitFor({ state: 'detached' });
      expect(await row.getByText('Responder').count()).toBe(0);

      // A verified person (the editor of this world) gets the role.
      await page.getByRole('button', { name: 'Add Role to User' }).click();
      const roles = page.getByRole('dialog', { name: 'Add Role to User' });
      await field(roles, 'User').selectOption({ label: 'Editor Tester' });
      await roles.getByRole('button', { name: 'Roles: Editor' }).click();
      await page.getByRole('group', { name: 'Roles' }).getByLabel('Responder').check();
      await page.keyboard.press('Escape');
      await screenshot(page, 'settings-users-role');
      await roles.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Editor Tester role updated successfully');
      await users.getByRole('row').filter({ hasText: 'Editor Tester' }).getByText('Responder').waitFor();

      await row.getByRole('button', { name: 'Delete Katherine Johnson' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete User ?' });
      await confirm.getByText('Are you sure you want to delete this user ?').waitFor();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await toast(page, 'user deleted successfully');
      await row.waitFor({ state: 'detached' });
    } finally {
      await page.close();
    }
  });

  it('creates a team and adds and removes members', async () => {
    const page = await world.admin.newPage();
    try {
      await openScreen(page, '/settings/teams');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Team' });
      expect(await field(dialog, 'Icon').inputValue()).toBe('group');
      await field(dialog, 'Name').fill('Payments');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Payments created successfully');

      await page.getByRole('table', { name: 'Teams' }).getByText('Payments').click();
      await page.getByRole('tab', { name: 'Members' }).click();
      await page.getByText("You haven't added any team members to the team yet.").waitFor();

      await page.getByRole('button', { name: /^Users:/ }).click();
      const choices = page.getByRole('group', { name: 'Users' });
      await choices.getByLabel(/^Grace Hopper/).check();
      await choices.getByLabel(/^Editor Tester/).check();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Add Members' }).click();
      await toast(page, 'Grace Hopper, Editor Tester added to the team successfully');
      const members = page.getByRole('table', { name: 'Team members' });
      await members.getByText('Editor Tester').waitFor();
      await members.getByText('Grace Hopper').waitFor();
      await screenshot(page, 'settings-team-members');

      await members.getByRole('button', { name: 'Remove Editor Tester' }).click();
      await toast(page, 'Editor Tester removed from team successfully');
      await members.getByText('Editor Tester').waitFor({ state: 'detached' });
      expect(await members.getByText('Grace Hopper').count()).toBe(1);
    } finally {
      await page.close();
    }
  });

  it('shows an editor the users without invite, role or delete, and lets them manage teams', async () => {
    const page = await world.contexts.get('editor')!.newPage();
    try {
      await openScreen(page, '/settings/users');
      await page.getByRole('table', { name: 'Users' }).getByText('Grace Hopper').waitFor();
      expect(await page.getByRole('button', { name: 'Invite User' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Add Role to User' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
      await openScreen(page, '/settings/teams');
      await page.getByRole('table', { name: 'Teams' }).getByText('Payments').waitFor();
      expect(await page.getByRole('button', { name: 'Add', exact: true }).count()).toBe(1);
    } finally {
      await page.close();
    }
  });

  it.each(VIEWPORTS)('shows the users and the teams without sideways scrolling at $width×$height', async (viewport) => {
    const page = await world.admin.newPage();
    try {
      await page.setViewportSize(viewport);
      await openScreen(page, '/settings/users');
      await page.getByRole('table', { name: 'Users' }).getByText('Editor Tester').waitFor();
      await expectNoHorizontalOverflow(page);
      await openScreen(page, '/settings/teams');
      await page.getByRole('table', { name: 'Teams' }).getByText('Payments').waitFor();
      await expectNoHorizontalOverflow(page);
    } finally {
      await page.close();
    }
  });
});
