import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.js';
import { freePort, startServer, type RunningServer } from '../support/server.js';
import { newUser, signedInContext, verifyEmail } from '../support/session.js';
import { toast } from '../support/settings.js';

/**
 * Organization mode (PHAROS_AUTH_MODE=organizations, self-service on): the switcher in the user
 * menu, the organization profile, and the provisioning screen of a direct-mode organization whose
 * backend is not up yet (an HTTP server on loopback answering 503, as a balancer in front of it would).
 */
describe('organizations', () => {
  let server: RunningServer;
  let browser: Browser;
  let provisioning: http.Server;
  let provisioningUrl: string;

  beforeAll(async () => {
    server = await startServer({ env: { PHAROS_AUTH_MODE: 'organizations', PHAROS_ORG_SELF_SERVICE: 'on' } });
    provisioning = http.createServer((_request, response) => {
      response.writeHead(503, { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' });
      response.end(JSON.stringify({ message: 'starting' }));
    });
    await new Promise<void>((resolve) => provisioning.listen(0, '127.0.0.1', resolve));
    provisioningUrl = `http://127.0.0.1:${(provisioning.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => provisioning?.close(resolve));
    await server?.stop();
  });

  async function openUserMenu(page: Page) {
    await page.getByRole('button', { name: 'User menu' }).click();
    return page.getByRole('menu');
  }

  /** Runs `act` and waits until the app went through /organizations/orgs-switched and landed on the dashboard. */
  async function landsInOrganization(page: Page, act: () => Promise<void>) {
    const switched = page.waitForURL((url) => url.pathname === '/organizations/orgs-switched', { waitUntil: 'commit', timeout: 15_000 });
    await act();
    await switched;
    await page.waitForURL((url) => url.pathname === '/topology', { timeout: 15_000 });
  }

  it('creates the first organization, creates and switches to another from the user menu', async () => {
    const { context } = await signedInContext(browser, server.url);
    const page = await context.newPage();
    try {
      await page.goto('/');
      await page.getByRole('heading', { name: 'You are not a member of any organization yet.' }).waitFor({ timeout: 15_000 });
      await page.getByLabel('Organization name').fill('Acme Ops');
      expect(await page.getByLabel('Slug').inputValue()).toBe('acme-ops');
      await landsInOrganization(page, () => page.getByRole('button', { name: 'Create', exact: true }).click());

      let menu = await openUserMenu(page);
      await menu.getByText('Organizations').waitFor();
      expect(await menu.getByRole('menuitemradio', { name: 'Acme Ops' }).getAttribute('aria-checked')).toBe('true');
      await menu.getByRole('menuitem', { name: 'Create organization' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create organization' });
      await dialog.getByLabel('Organization name').fill('Beta Team');
      await landsInOrganization(page, () => dialog.getByRole('button', { name: 'Create', exact: true }).click());

      menu = await openUserMenu(page);
      expect(await menu.getByRole('menuitemradio', { name: 'Beta Team' }).getAttribute('aria-checked')).toBe('true');
      expect(await menu.getByRole('menuitemradio', { name: 'Acme Ops' }).getAttribute('aria-checked')).toBe('false');
      await screenshot(page, 'organizations-switcher');
      await landsInOrganization(page, () => menu.getByRole('menuitemradio', { name: 'Acme Ops' }).click());
      menu = await openUserMenu(page);
      expect(await menu.getByRole('menuitemradio', { name: 'Acme Ops' }).getAttribute('aria-checked')).toBe('true');
    } finally {
      await context.close();
    }
  });

  it('renames the organization, shows its members and sends and revokes an invitation in the organization profile', async () => {
    const { context, user } = await signedInContext(browser, server.url);
    const page = await context.newPage();
    try {
      const created = await context.request.post('/api/organizations', { data: { name: 'Profiled', slug: `profiled-${Date.now()}` } });
      expect(created.status()).toBe(201);
      await page.goto('/topology');
      const navigation = page.getByRole('navigation');
      await navigation.getByRole('button', { name: 'Settings' }).click();
      await navigation.getByRole('link', { name: 'Organization Profile' }).click();
      await page.waitForURL((url) => url.pathname === '/settings/organization');
      await page.getByRole('heading', { name: 'Organization Profile' }).waitFor();

      const details = page.getByRole('form', { name: 'Organization details' });
      await details.getByLabel('Name').fill('Profiled Operations');
      await details.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Organization updated successfully').waitFor();
      const menu = await openUserMenu(page);
      await menu.getByRole('menuitemradio', { name: 'Profiled Operations' }).waitFor();
      await page.keyboard.press('Escape');

      const members = page.getByRole('table', { name: 'Members' });
      await members.getByRole('cell', { name: user.email, exact: true }).waitFor();
      expect(await members.getByRole('combobox', { name: `Role of ${user.first} ${user.last}` }).inputValue()).toBe('admin');

      const invite = page.getByRole('form', { name: 'Invite member' });
      await invite.getByLabel('Email').fill('not-an-address');
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      await invite.getByText('Entered value does not match email format').waitFor();
      await invite.getByLabel('Email').fill('friend@example.com');
      await invite.getByLabel('Role').selectOption('editor');
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      const invitations = page.getByRole('table', { name: 'Invitations' });
      await invitations.getByRole('cell', { name: 'friend@example.com', exact: true }).waitFor();
      await invitations.getByRole('cell', { name: 'Editor', exact: true }).waitFor();
      await screenshot(page, 'organizations-profile');
      await invitations.getByRole('button', { name: 'Revoke invitation of friend@example.com' }).click();
      await invitations.getByRole('cell', { name: 'friend@example.com', exact: true }).waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it("shows the organization's members on the users page, where its admin invites, changes a role and removes a member", async () => {
    const { context: adminContext } = await signedInContext(browser, server.url);
    const colleague = newUser();
    colleague.first = 'Grace';
    colleague.last = 'Hopper';
    const page = await adminContext.newPage();
    try {
      expect((await adminContext.request.post('/api/organizations', { data: { name: 'People', slug: `people-${Date.now()}` } })).status()).toBe(201);
      await page.goto('/settings/users');
      const table = page.getByRole('table', { name: 'Users' });
      await page.getByRole('button', { name: 'Invite User' }).click();
      const invite = page.getByRole('dialog', { name: 'Invite User' });
      // An organization invites an address with a role: the colleague chooses their name when signing up.
      await invite.getByLabel('Email').fill(colleague.email);
      expect(await invite.getByLabel('First Name').count()).toBe(0);
      await invite.getByLabel('Role').selectOption('editor');
      await invite.getByRole('button', { name: 'Invite' }).click();
      await page.getByText(`${colleague.email} invited successfully`).waitFor();
      const invited = table.getByRole('row').filter({ hasText: colleague.email });
      await invited.getByText('invited').waitFor();

      // The colleague signs up with the invited address, proves it, and is a member as editor.
      const { context: colleagueContext } = await signedInContext(browser, server.url, colleague);
      try {
        await verifyEmail(colleagueContext, server, colleague.email);
        const whoami = (await (await colleagueContext.request.get('/api/auth/whoami')).json()) as { user: { roles: string[] } };
        expect(whoami.user.roles).toEqual(['editor']);

        await page.reload();
        const member = table.getByRole('row').filter({ hasText: colleague.email });
        await member.getByText('active').waitFor();
        await member.getByText('Editor').waitFor();
        await page.getByRole('button', { name: 'Add Role to User' }).click();
        const roleDialog = page.getByRole('dialog', { name: 'Add Role to User' });
        await roleDialog.getByLabel('User', { exact: true }).selectOption({ label: 'Grace Hopper' });
        await roleDialog.getByRole('button', { name: 'Roles: Editor' }).click();
        const roles = page.getByRole('group', { name: 'Roles' });
        await roles.getByLabel('Editor').click();
        await roles.getByLabel('Viewer').click();
        await page.keyboard.press('Escape');
        await roleDialog.getByRole('button', { name: 'Save' }).click();
        await page.getByText('Grace Hopper role updated successfully').waitFor();
        await member.getByText('Viewer').waitFor();
        const after = (await (await colleagueContext.request.get('/api/auth/whoami')).json()) as { user: { roles: string[] } };
        expect(after.user.roles).toEqual(['viewer']);
        await screenshot(page, 'organizations-users');

        await member.getByRole('button', { name: 'Delete Grace Hopper' }).click();
        await page.getByRole('alertdialog', { name: 'Delete User ?' }).getByRole('button', { name: 'Delete' }).click();
        await toast(page, 'user deleted successfully');
        await member.waitFor({ state: 'detached' });
        const removed = (await (await colleagueContext.request.get('/api/auth/whoami')).json()) as { organization: unknown };
        expect(removed.organization).toBeNull();
      } finally {
        await colleagueContext.close();
      }
    } finally {
      await adminContext.close();
    }
  });

  it('sends the calls of each direct-mode organization to its own Pharos with a bearer token, switching between two in the browser', async () => {
    const stamp = Date.now();
    const slugs = { alpha: `alpha-${stamp}`, beta: `beta-${stamp}` };
    const backendOf = async (slug: string) => {
      const port = await freePort();
      return startServer({ port, env: { PHAROS_TRUSTED_ISSUER: server.url, PHAROS_TRUSTED_ORGANIZATION: slug, PHAROS_PUBLIC_URL: `http://127.0.0.1:${port}` } });
    };
    // One after the other: a port picked while the other one starts could go to its embedded PostgreSQL.
    const alpha = await backendOf(slugs.alpha);
    const beta = await backendOf(slugs.beta).catch(async (error: unknown) => {
      await alpha.stop();
      throw error;
    });
    const { context, user } = await signedInContext(browser, server.url);
    const page = await context.newPage();
    try {
      for (const [name, backend] of [['Alpha', alpha], ['Beta', beta]] as const) {
        expect((await context.request.post('/api/organizations', { data: { name, slug: name === 'Alpha' ? slugs.alpha : slugs.beta } })).status()).toBe(201);
        const direct = await context.request.patch('/api/organizations/current', { data: { publicMetadata: { backend_url: backend.url, direct: true } } });
        expect(direct.status()).toBe(200);
      }
      const calls: { origin: string; path: string; authorization: string | undefined }[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/')) calls.push({ origin: url.origin, path: url.pathname, authorization: request.headers()['authorization'] });
      });
      // What the front door itself answers: sign-in, the session check, the switcher and the token.
      const frontDoorOnly = (path: string) => ['/api/.ory/', '/api/organizations', '/api/about', '/api/auth/whoami'].some((prefix) => path === prefix || path.startsWith(prefix === '/api/.ory/' ? prefix : `${prefix}/`));
      const expectCallsOf = (backend: RunningServer, other: RunningServer) => {
        const toBackend = calls.filter((call) => call.origin === backend.url);
        expect(toBackend.map((call) => call.path)).toEqual(expect.arrayContaining(['/api/auth/whoami']));
        expect(toBackend.every((call) => call.authorization?.startsWith('Bearer ey'))).toBe(true);
        expect(calls.filter((call) => call.origin === other.url)).toEqual([]);
        expect(calls.filter((call) => call.origin === server.url && !frontDoorOnly(call.path))).toEqual([]);
        return toBackend[0]?.authorization ?? '';
      };

      // Created last, Beta is the current organization.
      await page.goto('/health');
      await page.getByPlaceholder('Search by name, description, or endpoint').waitFor({ timeout: 20_000 });
      const menu = await openUserMenu(page);
      await menu.getByText(`Hi ${user.first} ${user.last}`).waitFor();
      const betaToken = expectCallsOf(beta, alpha);
      expect(calls.map((call) => call.path)).toEqual(expect.arrayContaining(['/api/db/properties']));
      // The backend knows the person from the token alone, with their role in the organization.
      const people = await fetch(`${beta.url}/api/db/people?email=eq.${encodeURIComponent(user.email)}&select=email`, { headers: { authorization: betaToken } });
      expect(await people.json()).toEqual([{ email: user.email }]);

      // From the fresh start of the app in the other organization on.
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame() && new URL(frame.url()).pathname === '/organizations/orgs-switched') calls.length = 0;
      });
      await landsInOrganization(page, () => menu.getByRole('menuitemradio', { name: 'Alpha' }).click());
      await (await openUserMenu(page)).getByText(`Hi ${user.first} ${user.last}`).waitFor();
      const alphaToken = expectCallsOf(alpha, beta);
      // Each backend refuses the other organization's token.
      const refused = await fetch(`${alpha.url}/api/auth/whoami`, { headers: { authorization: betaToken } });
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { message: string }).message).toBe('The bearer token was issued for another Pharos, not this one');
      expect((await fetch(`${beta.url}/api/auth/whoami`, { headers: { authorization: alphaToken } })).status).toBe(401);
      expect((await fetch(`${alpha.url}/api/auth/whoami`, { headers: { authorization: alphaToken } })).status).toBe(200);
    } finally {
      await context.close();
      await Promise.all([alpha.stop(), beta.stop()]);
    }
  }, 300_000);

  it('shows the provisioning screen while the backend of a direct-mode organization is not up', async () => {
    const { context } = await signedInContext(browser, server.url);
    const page = await context.newPage();
    try {
      expect((await context.request.post('/api/organizations', { data: { name: 'Provisioned', slug: `provisioned-${Date.now()}` } })).status()).toBe(201);
      const direct = await context.request.patch('/api/organizations/current', { data: { publicMetadata: { backend_url: provisioningUrl, direct: true } } });
      expect(direct.status()).toBe(200);
      await page.goto('/health');
      await page.getByText('Please wait, instance provisioning in-progress ...').waitFor({ timeout: 15_000 });
      await screenshot(page, 'organizations-provisioning');
    } finally {
      await context.close();
    }
  });
});
