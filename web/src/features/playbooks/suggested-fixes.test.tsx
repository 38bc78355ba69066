import type { Role } from '@pharos/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInRoutes } from '../../app/testing/shell-stubs';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { fixRecord, SuggestedFixes } from './suggested-fixes';
import type { SuggestedFix } from './suggestions-api';

const CHECK_ID = '6f1c1b9e-8f0a-4f57-9a57-0c8f1a2b3c4d';

const fix = (id: string, title: string, runs: number, fixes: number): SuggestedFix => ({
  id,
  name: title,
  title,
  icon: null,
  description: null,
  category: null,
  source: null,
  spec: { checks: [{ name: 'checkout-http' }], actions: [] },
  runs,
  fixes,
  last_fixed_at: fixes > 0 ? '2026-11-27T10:00:00Z' : null,
});

function renderFixes(fixes: SuggestedFix[], roles: Role[] = ['admin']) {
  const server = stubFetch([
    { path: /^\/api\/playbook\/suggestions\?/, respond: () => json(fixes) },
    { method: 'POST', path: '/api/playbook/p1/params', respond: () => json({ params: [{ name: 'check', label: 'Check', default: 'checkout-http' }] }) },
    ...signedInRoutes({ roles }),
  ]);
  const app = renderApp('/', { routes: [{ path: '/', element: <SuggestedFixes target={{ check_id: CHECK_ID }} /> }] });
  return { ...app, server };
}

describe('SuggestedFixes', () => {
  it('lists the playbooks as the server ranks them, with how often each fixed the resource', async () => {
    const { server } = renderFixes([fix('p1', 'Restart checkout', 2, 2), fix('p2', 'Clear cache', 3, 0), fix('p3', 'Page on-call', 0, 0)]);
    const section = await screen.findByRole('region', { name: 'Suggested fixes' });
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['Restart checkout', 'Clear cache', 'Page on-call']);
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual(['Fixed it 2 times in 2 runs', 'Did not fix it in 3 runs', 'Never run on it']);
    expect(Object.fromEntries(server.to('/api/playbook/suggestions')[0]!.url.searchParams)).toEqual({ check_id: CHECK_ID });
  });

  it('opens the run form for the resource with its parameters filled from it', async () => {
    const { server, user } = renderFixes([fix('p1', 'Restart checkout', 1, 1)]);
    await user.click(await screen.findByRole('button', { name: 'Run Restart checkout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run Restart checkout' });
    expect(((await within(dialog).findByRole('textbox', { name: 'Check' })) as HTMLInputElement).value).toBe('checkout-http');
    expect(server.to('/api/playbook/p1/params', 'POST')[0]!.body).toEqual({ check_id: CHECK_ID });
  });

  it('offers no Run to whoever may not run playbooks, and says when none applies', async () => {
    renderFixes([fix('p1', 'Restart checkout', 1, 1)], ['viewer']);
    expect(await screen.findByText('Fixed it once in 1 run')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Run Restart checkout' })).toBeNull();
  });

  it('says when no playbook applies', async () => {
    renderFixes([]);
    expect(await screen.findByText('No playbooks apply to this check.')).toBeTruthy();
    expect(fixRecord({ runs: 1, fixes: 0 })).toBe('Did not fix it in 1 run');
  });
});
