import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '../../../ui/toast/toast-store';
import { dbRoute, paramsOf, renderSettings } from '../../../test/render-settings';
import { detailRoutes, incidentFixture } from '../testing';
import { contextIndexes, keptLines, shownRows } from './log-context';

afterEach(() => {
  clearToasts();
  vi.restoreAllMocks();
});

const base = { hypothesis_id: 'h1', description: null, evidence: {}, definition_of_done: false, done: false, component_id: null, component: null, created_at: '2026-01-01T00:00:00Z' };
const lines = Array.from({ length: 20 }, (_, n) => ({ timestamp: `2026-01-01T00:00:${String(n).padStart(2, '0')}Z`, message: `line ${n}` }));

function withEvidence(evidences: Record<string, unknown>[]) {
  const incident = incidentFixture();
  const [root, ...rest] = incident.hypotheses;
  return incidentFixture({ hypotheses: [{ ...root!, evidences }, ...rest] });
}

describe('log context', () => {
  it('keeps 3 lines around each selected line, merging overlaps and staying in bounds', () => {
    expect(contextIndexes(20, [1])).toEqual([0, 1, 2, 3, 4]);
    expect(contextIndexes(20, [10, 12])).toEqual([7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(contextIndexes(20, [19, 99, -1])).toEqual([16, 17, 18, 19]);
  });

  it('stores only the kept lines, with the selection re-indexed, messages left out when asked', () => {
    const kept = keptLines(lines, [5, 15], true);
    expect(kept.lines.map((l) => l.message)).toEqual(['line 2', 'line 3', 'line 4', 'line 5', 'line 6', 'line 7', 'line 8', 'line 12', 'line 13', 'line 14', 'line 15', 'line 16', 'line 17', 'line 18']);
    expect(kept.selected_lines).toEqual([3, 10]);
    expect(keptLines(lines, [0], false).lines[0]).toEqual({ timestamp: lines[0]!.timestamp });
  });

  it('marks a gap between runs of context', () => {
    const rows = shownRows(lines, [2, 15]);
    expect(rows.map((r) => (r.kind === 'gap' ? `…${r.skipped}` : `${r.index}${r.selected ? '*' : ''}`))).toEqual(['0', '1', '2*', '3', '4', '5', '…6', '12', '13', '14', '15*', '16', '17', '18']);
  });
});

describe('evidence in the hypothesis tree', () => {
  it('shows each type with a link to what it points at, the change type and the analyzer', async () => {
    const incident = withEvidence([
      { ...base, id: 'v1', type: 'check', check_id: 'k1', check: { id: 'k1', name: 'api-health', status: 'unhealthy' }, description: 'api-health' },
      { ...base, id: 'v2', type: 'config', config_id: 'cf1', config: { id: 'cf1', name: 'checkout', type: 'Kubernetes::Deployment' } },
      { ...base, id: 'v3', type: 'config_change', config_id: 'cf1', config: { id: 'cf1', name: 'checkout', type: 'Kubernetes::Deployment' }, config_change_id: 'ch1', config_change: { id: 'ch1', change_type: 'ScaleDown', summary: 'replicas 3 → 1' } },
      { ...base, id: 'v4', type: 'config_analysis', config_id: 'cf1', config: { id: 'cf1', name: 'checkout', type: 'Kubernetes::Deployment' }, config_analysis_id: 'a1', config_analysis: { id: 'a1', analyzer: 'no-probes', status: 'open' } },
      { ...base, id: 'v5', type: 'topology', component_id: 'c1', component: { id: 'c1', name: 'checkout-api', icon: null } },
      { ...base, id: 'v6', type: 'comment', evidence: { comment: 'Rolled back at 10:02' } },
      { ...base, id: 'v7', type: 'log', component_id: 'c1', component: { id: 'c1', name: 'checkout-api', icon: null }, description: 'Payment errors', evidence: { ...keptLines(lines, [10], true), start: '1h', includeMessages: true } },
    ]);
    renderSettings('/incidents/i1?comments=true', detailRoutes(incident));
    const region = (await screen.findAllByRole('region', { name: 'Evidence' }))[0]!;
    const item = (type: string) => region.querySelector(`[data-type="${type}"]`) as HTMLElement;
    await within(region).findByRole('link', { name: 'api-health' });
    expect(within(item('check')).getByRole('link', { name: 'api-health' }).getAttribute('href')).toBe('/health?checkId=k1');
    expect(item('check').textContent).toContain('unhealthy');
    expect(within(item('config')).getByRole('link', { name: 'checkout' }).getAttribute('href')).toBe('/catalog/cf1');
    expect(within(item('config_change')).getByText('ScaleDown')).toBeTruthy();
    expect(within(item('config_change')).getByRole('link', { name: 'checkout' }).getAttribute('href')).toBe('/catalog/cf1/changes');
    expect(within(item('config_analysis')).getByText('no-probes')).toBeTruthy();
    expect(within(item('config_analysis')).getByRole('link', { name: 'checkout' }).getAttribute('href')).toBe('/catalog/cf1/insights');
    expect(within(item('topology')).getByRole('link', { name: 'checkout-api' }).getAttribute('href')).toBe('/topology/c1');
    expect(item('comment').textContent).toContain('Rolled back at 10:02');
    const log = within(item('log'));
    expect(item('log').textContent).toContain('Payment errors');
    const shown = log.getByRole('list', { name: 'Log lines' }).querySelectorAll('li');
    expect([...shown].map((li) => li.textContent?.replace(/^.*?(line \d+).*$/, '$1'))).toEqual(['line 7', 'line 8', 'line 9', 'line 10', 'line 11', 'line 12', 'line 13']);
    expect([...shown].filter((li) => li.dataset['selected'] === 'true').map((li) => li.textContent)).toEqual([expect.stringContaining('line 10')]);
  });

  it("deletes an evidence after confirmation, saying 'Evidence delete failed' when refused", async () => {
    const incident = withEvidence([{ ...base, id: 'v6', type: 'comment', evidence: { comment: 'Rolled back at 10:02' } }]);
    let refuse = true;
    const app = renderSettings('/incidents/i1?comments=true', detailRoutes(incident, [dbRoute('DELETE', 'evidences', () => (refuse ? { status: 500, body: { message: 'boom' } } : { status: 204 }))]));
    await app.user.click(await screen.findByRole('button', { name: 'Delete evidence Rolled back at 10:02' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete evidence' });
    await app.user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(screen.getByRole('region', { name: 'Notifications', hidden: true })).findByText('Evidence delete failed')).toBeTruthy();
    refuse = false;
    await app.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const deletes = app.server.to('/api/db/evidences', 'DELETE');
    expect(deletes).toHaveLength(2);
    expect(paramsOf(deletes[1]!.url)['id']).toBe('eq.v6');
  });

  it("opens the suggested fixes of a check evidence's check on demand", async () => {
    const incident = withEvidence([{ ...base, id: 'v1', type: 'check', check_id: 'k1', check: { id: 'k1', name: 'api-health', status: 'unhealthy' } }]);
    const app = renderSettings(
      '/incidents/i1?comments=true',
      detailRoutes(incident, [
        {
          path: /^\/api\/playbook\/suggestions\?check_id=k1$/,
          respond: () => ({ status: 200, body: [{ id: 'p1', name: 'restart-api', title: 'Restart api', icon: null, description: null, category: null, source: null, spec: { actions: [] }, runs: 3, fixes: 2, last_fixed_at: null }] }),
        },
      ]),
    );
    const item = await screen.findByRole('button', { name: 'Suggested fixes' });
    expect(app.server.to('/api/playbook/suggestions')).toHaveLength(0);
    await app.user.click(item);
    const fixes = await screen.findByRole('region', { name: 'Suggested fixes' });
    expect(await within(fixes).findByText('Fixed it 2 times in 3 runs')).toBeTruthy();
    expect(within(fixes).getByRole('button', { name: 'Run Restart api' })).toBeTruthy();
  });

  it('offers a viewer no delete', async () => {
    renderSettings('/incidents/i1?comments=true', detailRoutes(incidentFixture()), { roles: ['viewer'] });
    await screen.findByText('CPU at 100%');
    expect(screen.queryByRole('button', { name: /Delete evidence/ })).toBeNull();
  });
});
