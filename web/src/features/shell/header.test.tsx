import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderShell } from '../../app/testing/render-shell';

describe('the header', () => {
  it('refetches the active queries on Refresh, not the identity flows', async () => {
    const app = await renderShell('/topology');
    await waitFor(() => expect(app.server.to('/api/about')).toHaveLength(1));
    const count = (path: string) => app.server.to(path).length;
    const before = { whoami: count('/api/auth/whoami'), flags: count('/api/db/properties'), logout: count('/api/.ory/self-service/logout/browser') };
    await app.user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(count('/api/db/properties')).toBe(before.flags + 1));
    expect(count('/api/auth/whoami')).toBe(before.whoami + 1);
    expect(count('/api/about')).toBe(2);
    expect(count('/api/.ory/self-service/logout/browser')).toBe(before.logout);
  });

  it('links to the sections of the documentation', async () => {
    const app = await renderShell('/topology');
    await app.user.click(screen.getByRole('button', { name: 'Documentation' }));
    const menu = await screen.findByRole('menu');
    const links = within(menu).getAllByRole('menuitem');
    expect(links.map((link) => link.textContent)).toEqual(['Set up and configuration', 'Data service (/api/db)']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/docs/README.md', '/docs/data-service.md']);
    expect(links.every((link) => link.getAttribute('target') === '_blank')).toBe(true);
  });
});
