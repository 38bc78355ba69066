import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '../../../ui/toast/toast-store';
import { dbRoute, paramsOf, renderSettings, rows } from '../../../test/render-settings';
import { detailRoutes, incidentFixture } from '../testing';

afterEach(() => {
  clearToasts();
  vi.restoreAllMocks();
});

const CHECKS = [
  { id: 'k1', name: 'api-health', type: 'http', status: 'unhealthy' },
  { id: 'k2', name: 'api-latency', type: 'http', status: 'healthy' },
];
const CHANGES = [{ id: 'ch1', change_type: 'diff', summary: 'replicas 3 → 1', created_at: '2026-01-01T00:00:00Z', config_id: 'cf1', config: { id: 'cf1', name: 'checkout', type: 'Kubernetes::Deployment' } }];
const at = (minute: number) => `2026-01-01T00:${String(minute).padStart(2, '0')}:00Z`;
/** Newest first, as POST /api/logs answers: line n at minute n. */
const LOG_LINES = Array.from({ length: 12 }, (_, n) => ({ timestamp: at(11 - n), message: `line ${11 - n}` }));

function wizardRoutes() {
  return detailRoutes(incidentFixture(), [
    dbRoute('GET', 'checks', () => rows(CHECKS)),
    dbRoute('GET', 'config_changes', () => rows(CHANGES)),
    dbRoute('GET', 'config_types', () => rows([{ type: 'Kubernetes::Deployment' }, { type: 'Kubernetes::Pod' }])),
    dbRoute('GET', 'config_names', () => rows([{ id: 'cf1', name: 'checkout', type: 'Kubernetes::Pod' }])),
    dbRoute('GET', 'components_with_logs', () => rows([{ id: '6a2f1d3e-0000-4000-8000-000000000001', name: 'checkout' }])),
    dbRoute('GET', 'logging_backends', () => rows([{ name: 'app-files' }])),
    { method: 'POST', path: '/api/logs', respond: () => ({ status: 200, body: { results: LOG_LINES } }) },
    dbRoute('POST', 'evidences', () => ({ status: 201 })),
    {
      path: /^\/api\/suspects\?incident_id=i1&window=1h$/,
      respond: () => ({
        status: 200,
        body: {
          anchor: { kind: 'incident', id: 'i1', name: 'Database overloaded', transition_at: at(10) },
          window: '1h',
          from: at(0),
          configs_searched: 2,
          truncated: false,
          suspects: [
            { id: 'ch9', config_id: 'cf1', config_name: 'checkout', config_type: 'Kubernetes::Deployment', change_type: 'Deployment', kind: 'deployment', severity: 'high', summary: 'image checkout:2', source: null, created_at: at(5), distance: 0, diff: '+image: checkout:2', patches: null, score: 0.9, scores: { time: 0.9, graph: 1, severity: 0.8, kind: 1 } },
          ],
        },
      }),
    },
  ]);
}

async function openWizard(app: ReturnType<typeof renderSettings>) {
  await app.user.click(await screen.findByRole('button', { name: 'Attach evidence to Database overloaded' }));
  return screen.findByRole('dialog', { name: 'Add evidence' });
}

const posted = (app: ReturnType<typeof renderSettings>) => app.server.to('/api/db/evidences', 'POST').map((r) => r.body as Record<string, unknown>[]);

describe('the add-evidence wizard', () => {
  it('walks Evidence type, Search and Select with Back and Next, and adds each picked check as evidence', async () => {
    const app = renderSettings('/incidents/i1', wizardRoutes());
    const dialog = await openWizard(app);
    const steps = () => within(dialog).getAllByRole('listitem').filter((li) => li.getAttribute('aria-current') === 'step').map((li) => li.textContent);
    expect(within(dialog).getByRole('list', { name: 'Steps' }).textContent).toBe('1. Evidence type2. Search3. Select');
    expect(steps()).toEqual(['1. Evidence type']);
    expect((within(dialog).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByRole('button', { name: 'Back' }) as HTMLButtonElement).disabled).toBe(true);

    await app.user.click(within(dialog).getByRole('radio', { name: /Health check/ }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const search = await screen.findByRole('searchbox', { name: 'Search health checks' });
    await app.user.type(search, 'api');
    // Debounced 400 ms: one search with the whole text.
    await waitFor(() => expect(app.server.to('/api/db/checks', 'GET').some((r) => paramsOf(r.url)['name'] === 'ilike.*api*')).toBe(true));
    expect(app.server.to('/api/db/checks', 'GET').filter((r) => paramsOf(r.url)['name']?.startsWith('ilike.*a')).map((r) => paramsOf(r.url)['name'])).toEqual(['ilike.*api*']);
    expect(await screen.findByText('2 found')).toBeTruthy();

    // Back keeps the type; Next again.
    await app.user.click(screen.getByRole('button', { name: 'Back' }));
    expect((screen.getByRole('radio', { name: /Health check/ }) as HTMLInputElement).checked).toBe(true);
    await app.user.click(screen.getByRole('button', { name: 'Next' }));
    await app.user.click(screen.getByRole('button', { name: 'Next' }));

    const add = screen.getByRole('button', { name: 'Add evidence' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    await app.user.click(await screen.findByRole('checkbox', { name: /api-health/ }));
    await app.user.click(screen.getByRole('checkbox', { name: /api-latency/ }));
    await app.user.click(screen.getByRole('checkbox', { name: 'Part of the definition of done' }));
    await app.user.click(add);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Add evidence/ })).toBeNull());
    const [body] = posted(app);
    expect(body).toHaveLength(2);
    expect(body![0]).toMatchObject({ hypothesis_id: 'h1', type: 'check', check_id: 'k1', description: 'api-health', definition_of_done: true, evidence: {} });
    expect(body![1]).toMatchObject({ type: 'check', check_id: 'k2', description: 'api-latency' });
    expect(typeof body![0]!['id']).toBe('string');
  });

  it('adds a suspect change of the incident as evidence in one click', async () => {
    const app = renderSettings('/incidents/i1', wizardRoutes());
    const dialog = await openWizard(app);
    const suspects = await within(dialog).findByRole('region', { name: 'Suspect changes' });
    const suspect = await within(suspects).findByRole('listitem', { name: 'checkout: Deployment' });
    await app.user.click(within(suspect).getByRole('button', { name: 'Add as evidence' }));
    await waitFor(() => expect(posted(app)).toHaveLength(1));
    expect(posted(app)[0]).toEqual([
      expect.objectContaining({ type: 'config_change', hypothesis_id: 'h1', config_change_id: 'ch9', config_id: 'cf1', description: 'checkout: Deployment – image checkout:2', definition_of_done: false }),
    ]);
    expect(await within(suspect).findByRole('button', { name: 'Added' })).toBeTruthy();
  });

  it('narrows configs to a type and waits 500 ms after typing before searching them', async () => {
    const app = renderSettings('/incidents/i1', wizardRoutes());
    const dialog = await openWizard(app);
    await app.user.click(within(dialog).getByRole('radio', { name: /^Config(?! change)/ }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const types = await screen.findByRole('combobox', { name: 'Config type' });
    await waitFor(() => expect(within(types).getAllByRole('option').map((o) => o.textContent)).toEqual(['All types', 'Kubernetes::Deployment', 'Kubernetes::Pod']));
    await app.user.selectOptions(types, 'Kubernetes::Pod');
    await waitFor(() => expect(app.server.to('/api/db/config_names', 'GET').some((r) => paramsOf(r.url)['type'] === 'eq.Kubernetes::Pod')).toBe(true));
    const searches = () => app.server.to('/api/db/config_names', 'GET').filter((r) => paramsOf(r.url)['name']).map((r) => paramsOf(r.url));
    const search = screen.getByRole('searchbox', { name: 'Search configs' });
    // Fake timeouts: the pause is counted on the debounce's own clock, however slow the machine is.
    // Keys as change events: user-event (through Testing Library) would wait on that clock itself.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      for (const text of ['c', 'ch', 'che', 'chec', 'check']) fireEvent.change(search, { target: { value: text } });
      await vi.advanceTimersByTimeAsync(499);
      expect(searches()).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(searches()).toEqual([expect.objectContaining({ name: 'ilike.*check*', type: 'eq.Kubernetes::Pod', deleted_at: 'is.null' })]));
    await app.user.click(screen.getByRole('button', { name: 'Next' }));
    await app.user.click(await screen.findByRole('checkbox', { name: /checkout/ }));
    await app.user.click(screen.getByRole('button', { name: 'Add evidence' }));
    await waitFor(() => expect(posted(app)).toHaveLength(1));
    expect(posted(app)[0]![0]).toMatchObject({ type: 'config', config_id: 'cf1', description: 'checkout' });
  });

  it('keeps a change with its config and the description given', async () => {
    const app = renderSettings('/incidents/i1', wizardRoutes());
    const dialog = await openWizard(app);
    await app.user.click(within(dialog).getByRole('radio', { name: /Config change/ }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await app.user.type(await screen.findByRole('searchbox', { name: 'Search config changes' }), 'replicas');
    await waitFor(() => expect(app.server.to('/api/db/config_changes', 'GET').some((r) => paramsOf(r.url)['or'] === '(change_type.ilike.*replicas*,summary.ilike.*replicas*)')).toBe(true));
    await app.user.click(screen.getByRole('button', { name: 'Next' }));
    await app.user.click(await screen.findByRole('checkbox', { name: /replicas 3 → 1/ }));
    await app.user.type(screen.getByRole('textbox', { name: 'Description' }), 'Scaled down before the outage');
    await app.user.click(screen.getByRole('button', { name: 'Add evidence' }));
    await waitFor(() => expect(posted(app)).toHaveLength(1));
    expect(posted(app)[0]![0]).toMatchObject({ type: 'config_change', config_change_id: 'ch1', config_id: 'cf1', description: 'Scaled down before the outage', definition_of_done: false });
  });

  it('picks log lines of a component and keeps them with 3 lines of context, oldest first', async () => {
    const app = renderSettings('/incidents/i1', wizardRoutes());
    const dialog = await openWizard(app);
    await app.user.click(within(dialog).getByRole('radio', { name: /^Log/ }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    await app.user.selectOptions(await screen.findByRole('combobox', { name: 'Logs of' }), 'checkout');
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Since' }), '6h');
    expect(next.disabled).toBe(false);
    await app.user.click(next);
    const boxes = await screen.findAllByRole('checkbox', { name: /line \d+/ });
    expect(boxes[0]!.parentElement!.textContent).toContain('line 0');
    await app.user.click(screen.getByRole('checkbox', { name: /line 5$/ }));
    await app.user.click(screen.getByRole('button', { name: 'Add evidence' }));
    await waitFor(() => expect(posted(app)).toHaveLength(1));
    const search = app.server.to('/api/logs', 'POST')[0]!.body;
    expect(search).toEqual({ id: '6a2f1d3e-0000-4000-8000-000000000001', start: '6h' });
    const row = posted(app)[0]![0]!;
    expect(row).toMatchObject({ type: 'log', component_id: '6a2f1d3e-0000-4000-8000-000000000001', description: 'Logs of checkout' });
    const evidence = row['evidence'] as { lines: { message: string }[]; selected_lines: number[]; start: string; includeMessages: boolean };
    expect(evidence.lines.map((l) => l.message)).toEqual(['line 2', 'line 3', 'line 4', 'line 5', 'line 6', 'line 7', 'line 8']);
    expect(evidence.selected_lines).toEqual([3]);
    expect(evidence.start).toBe('6h');
    expect(evidence.includeMessages).toBe(true);
  });

  it('searches a log backend by name', async () => {
    const app = renderSettings('/incidents/i1', wizardRoutes());
    const dialog = await openWizard(app);
    await app.user.click(within(dialog).getByRole('radio', { name: /^Log/ }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await app.user.selectOptions(await screen.findByRole('combobox', { name: 'Logs of' }), 'app-files');
    await app.user.click(screen.getByRole('button', { name: 'Next' }));
    await app.user.click(await screen.findByRole('checkbox', { name: /line 11$/ }));
    await app.user.click(screen.getByRole('button', { name: 'Add evidence' }));
    await waitFor(() => expect(posted(app)).toHaveLength(1));
    expect(app.server.to('/api/logs', 'POST')[0]!.body).toEqual({ name: 'app-files', start: '1h' });
    const row = posted(app)[0]![0]!;
    expect(row['component_id']).toBeUndefined();
    expect(row['evidence']).toMatchObject({ backend: 'app-files', selected_lines: [3] });
  });

  it('adds a comment as evidence; Next waits for its text', async () => {
    const app = renderSettings('/incidents/i1', wizardRoutes());
    const dialog = await openWizard(app);
    await app.user.click(within(dialog).getByRole('radio', { name: /^Comment/ }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    await app.user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Error rate back under 1%');
    await app.user.click(next);
    await app.user.click(screen.getByRole('button', { name: 'Add evidence' }));
    await waitFor(() => expect(posted(app)).toHaveLength(1));
    expect(posted(app)[0]![0]).toMatchObject({ type: 'comment', evidence: { comment: 'Error rate back under 1%' }, description: null });
  });

  it('shows the server’s refusal and stays open', async () => {
    const routes = wizardRoutes();
    routes.unshift(dbRoute('POST', 'evidences', () => ({ status: 403, body: { message: 'permission denied for table evidences' } })));
    const app = renderSettings('/incidents/i1', routes);
    const dialog = await openWizard(app);
    await app.user.click(within(dialog).getByRole('radio', { name: /^Comment/ }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await app.user.type(screen.getByRole('textbox', { name: 'Comment' }), 'x');
    await app.user.click(screen.getByRole('button', { name: 'Next' }));
    await app.user.click(screen.getByRole('button', { name: 'Add evidence' }));
    expect(await within(screen.getByRole('dialog')).findByText('The evidence could not be added')).toBeTruthy();
    expect(within(screen.getByRole('dialog')).getAllByText(/permission denied for table evidences/).length).toBeGreaterThan(0);
  });

  it('is offered only to who may write incidents and evidence', async () => {
    renderSettings('/incidents/i1', wizardRoutes(), { roles: ['viewer'] });
    await screen.findByRole('listitem', { name: 'Hypothesis Database overloaded' });
    expect(screen.queryByRole('button', { name: /Attach evidence/ })).toBeNull();
  });
});
