import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderShell } from '../../app/testing/render-shell';
import { json } from '../../test/fetch-stub';

async function openMenu(app: Awaited<ReturnType<typeof renderShell>>) {
  await app.user.click(screen.getByRole('button', { name: 'User menu' }));
  return screen.findByRole('menu');
}

describe('the user menu', () => {
  afterEach(() => {
    window.localStorage.clear();
    document.documentElement.classList.remove('light', 'dark');
  });

  it('greets the user and offers profile, kubeconfig, theme, the version line and sign out', async () => {
    const app = await renderShell('/health?checkId=c1', { name: 'Grace Hopper', version: '2.4.0' });
    const menu = await openMenu(app);
    expect(within(menu).getByText('Hi Grace Hopper')).toBeTruthy();
    expect(within(menu).getByText('ada@example.com')).toBeTruthy();
    const items = within(menu).getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual(['Your Profile', 'Download kubeconfig', 'Sign out']);
    expect(within(menu).getAllByRole('menuitemradio').map((item) => item.textContent)).toEqual(['Light', 'Dark', 'System']);
    expect(within(menu).getByRole('menuitem', { name: 'Your Profile' }).getAttribute('href')).toBe(
      '/profile-settings?return_to=%2Fhealth%3FcheckId%3Dc1',
    );
    await waitFor(() => expect(within(menu).getByTestId('version-line').textContent).toBe('Frontend 1.0.758 · Backend 2.4.0'));
  });

  it('says the backend version is unknown when /api/about fails', async () => {
    const app = await renderShell('/topology', { routes: [{ path: '/api/about', respond: () => json({ message: 'down' }, 500) }] });
    const menu = await openMenu(app);
    await waitFor(() => expect(within(menu).getByTestId('version-line').textContent).toBe('Frontend 1.0.758 · Backend unknown'), {
      timeout: 15_000,
    });
  }, 20_000);

  it('goes to the profile settings', async () => {
    const app = await renderShell('/topology');
    await openMenu(app);
    await app.user.click(screen.getByRole('menuitem', { name: 'Your Profile' }));
    await waitFor(() => expect(app.location()).toBe('/profile-settings?return_to=%2Ftopology'));
  });

  it('switches between light, dark and system themes, remembered', async () => {
    const app = await renderShell('/topology');
    await openMenu(app);
    expect(screen.getByRole('menuitemradio', { name: 'System' }).getAttribute('aria-checked')).toBe('true');
    await app.user.click(screen.getByRole('menuitemradio', { name: 'Dark' }));
    await waitFor(() => expect(document.documentElement.classList.contains('dark')).toBe(true));
    expect(window.localStorage.getItem('pharos.theme')).toBe('dark');
    expect(screen.getByRole('menuitemradio', { name: 'Dark' }).getAttribute('aria-checked')).toBe('true');
    await app.user.click(screen.getByRole('menuitemradio', { name: 'Light' }));
    await waitFor(() => expect(document.documentElement.className).toBe('light'));
    await app.user.click(screen.getByRole('menuitemradio', { name: 'System' }));
    await waitFor(() => expect(document.documentElement.classList.length).toBe(0));
    expect(window.localStorage.getItem('pharos.theme')).toBeNull();
  });

  it('downloads the kubeconfig from its dialog', async () => {
    const yaml = 'apiVersion: v1\nkind: Config\n';
    const app = await renderShell('/topology', {
      routes: [
        {
          path: '/api/kubeconfig',
          respond: () => ({
            body: yaml,
            headers: { 'Content-Type': 'application/yaml', 'Content-Disposition': 'attachment; filename="pharos-kubeconfig.yaml"' },
          }),
        },
      ],
    });
    const saved: { name: string; blob: Blob | undefined }[] = [];
    const blobs = new Map<string, Blob>();
    vi.stubGlobal('URL', Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:test/${blobs.size}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL: () => undefined,
    }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: blobs.get(this.href) });
    });

    await openMenu(app);
    await app.user.click(screen.getByRole('menuitem', { name: 'Download kubeconfig' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download and install kubeconfig' });
    expect(within(dialog).getByText(/export KUBECONFIG=/)).toBeTruthy();
    await app.user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('pharos-kubeconfig.yaml');
    const [request] = app.server.to('/api/kubeconfig');
    expect(request?.credentials).toBe('include');
    expect(await screen.findByText('Saved pharos-kubeconfig.yaml')).toBeTruthy();

    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    click.mockRestore();
  });

  it('shows the server message when the kubeconfig cannot be made', async () => {
    const app = await renderShell('/topology', {
      routes: [{ path: '/api/kubeconfig', respond: () => json({ code: 'INTERNAL', message: 'Internal server error' }, 500) }],
    });
    await openMenu(app);
    await app.user.click(screen.getByRole('menuitem', { name: 'Download kubeconfig' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download and install kubeconfig' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Internal server error');
  });
});
