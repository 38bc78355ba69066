import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, type RecordedRequest } from '../../../test/fetch-stub';
import { dbRoute, renderSettings, rows } from '../../../test/render-settings';

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const CANARY_RUN = {
  id: 'j1',
  name: 'CanaryRun',
  status: 'FAILED',
  agent_id: 'a1',
  agent: { id: 'a1', name: 'edge-agent' },
  resource_id: 'c1',
  resource_type: 'canary',
  resource_name: 'api-health',
  duration_millis: 75_000,
  success_count: 2,
  error_count: 1,
  time_start: ago(HOUR),
  created_at: ago(HOUR),
  details: { errors: ['dial tcp 10.0.0.1:443: connection refused'], summary: { checks: 3 } },
};
const SCRAPER_RUN = {
  ...CANARY_RUN,
  id: 'j2',
  name: 'ConfigScraper',
  status: 'RUNNING',
  agent: null,
  resource_id: 's1',
  resource_type: 'config_scraper',
  resource_name: 'k8s-scraper',
  details: { scrape_summary: { 'Kubernetes::Pod': { added: 4 } } },
};
const OTHER_RUNS = [
  { ...CANARY_RUN, id: 'j3', name: 'TopologyRun', status: 'WARNING', resource_type: 'topology', resource_id: 't1', resource_name: 'web' },
  { ...CANARY_RUN, id: 'j4', name: 'Cleanup', status: 'STOPPED', resource_type: 'playbook', resource_id: 'p1', resource_name: 'restart' },
  { ...CANARY_RUN, id: 'j5', name: 'Sync', status: 'SUCCESS', resource_type: 'team', resource_id: 'team1', resource_name: 'sre', agent: null },
];

function jobRoutes(answer: (request: RecordedRequest) => ReturnType<typeof rows> = () => rows([CANARY_RUN, SCRAPER_RUN], 400)) {
  return [
    dbRoute('GET', 'job_histories', answer),
    dbRoute('GET', 'job_history_names', () => rows([{ name: 'CanaryRun' }, { name: 'ConfigScraper' }, { name: 'TopologyRun' }])),
  ];
}

const lastJobsRequest = (app: ReturnType<typeof renderSettings>) => app.server.to('/api/db/job_histories', 'GET').at(-1)!;

afterEach(() => vi.restoreAllMocks());

describe('/settings/jobs', () => {
  it('asks for 150 runs newest first, without successes, of the last 2 days, with the exact total', async () => {
    const app = renderSettings('/settings/jobs', jobRoutes());
    const table = await screen.findByRole('table', { name: 'Jobs History' });
    await within(table).findByText('CanaryRun');

    const request = lastJobsRequest(app);
    const params = request.url.searchParams;
    expect(params.get('select')).toBe('*,agent:agent_id(id,name)');
    expect(params.get('status')).toBe('not.in.(SUCCESS)');
    expect(params.get('order')).toBe('created_at.desc');
    expect(params.get('limit')).toBe('150');
    expect(params.get('offset')).toBe('0');
    expect(params.has('name')).toBe(false);
    expect(params.has('resource_type')).toBe(false);
    expect(params.has('duration_millis')).toBe(false);
    const [from, to] = params.getAll('created_at');
    expect(from).toMatch(/^gte\./);
    expect(to).toMatch(/^lte\./);
    const span = Date.parse(to!.slice(4)) - Date.parse(from!.slice(4));
    expect(span).toBe(48 * HOUR);
    expect(request.headers.get('Prefer')).toContain('count=exact');

    expect(screen.getByRole('button', { name: 'Time range: Last 2 days' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Status: not SUCCESS' })).toBeTruthy();
    const names = app.server.to('/api/db/job_history_names', 'GET')[0]!;
    expect(names.url.searchParams.get('order')).toBe('name.asc');

    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByText('Settings')).toBeTruthy();
    expect(within(breadcrumb).getByText('Jobs History')).toBeTruthy();
    // 400 runs, 150 a page: three pages
    expect(screen.getByRole('navigation', { name: 'Pagination' }).textContent).toContain('3');
    await app.user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastJobsRequest(app).url.searchParams.get('offset')).toBe('150'));
    expect(app.location()).toContain('pageIndex=1');
  });

  it('puts each filter in the URL and in the query, and goes back to the first page', async () => {
    const app = renderSettings('/settings/jobs?pageIndex=1', jobRoutes());
    await screen.findByRole('table', { name: 'Jobs History' });

    await app.user.click(screen.getByRole('button', { name: /^Job Name:/ }));
    const names = await screen.findByRole('dialog', { name: 'Job Name' });
    await app.user.click(await within(names).findByRole('button', { name: 'Include CanaryRun' }));
    await app.user.click(within(names).getByRole('button', { name: 'Exclude TopologyRun' }));
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(lastJobsRequest(app).url.searchParams.getAll('name')).toEqual(['in.(CanaryRun)', 'not.in.(TopologyRun)']));
    expect(new URLSearchParams(app.location().split('?')[1]).get('name')).toBe('CanaryRun:1,TopologyRun:-1');
    expect(app.location()).not.toContain('pageIndex');
    expect(lastJobsRequest(app).url.searchParams.get('offset')).toBe('0');

    await app.user.click(screen.getByRole('button', { name: /^Resource Type:/ }));
    const types = await screen.findByRole('dialog', { name: 'Resource Type' });
    // Every kind of job Pharos runs, whether or not the rows hold one.
    expect(within(types).getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual([
      'Canary',
      'Topology',
      'Catalog Scraper',
      'Playbook',
      'Incident Rule',
      'Team',
      'System',
    ]);
    await app.user.click(within(types).getByRole('button', { name: 'Include Canary' }));
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(lastJobsRequest(app).url.searchParams.get('resource_type')).toBe('in.(canary)'));

    await app.user.click(screen.getByRole('button', { name: /^Status:/ }));
    const statuses = await screen.findByRole('dialog', { name: 'Status' });
    expect(within(statuses).getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual([
      'RUNNING',
      'SUCCESS',
      'WARNING',
      'FAILED',
    ]);
    await app.user.click(within(statuses).getByRole('button', { name: 'Exclude SUCCESS' }));
    await waitFor(() => expect(lastJobsRequest(app).url.searchParams.has('status')).toBe(false));
    expect(app.location()).toMatch(/[?&]status=(&|$)/);
    await app.user.click(within(statuses).getByRole('button', { name: 'Include FAILED' }));
    await waitFor(() => expect(lastJobsRequest(app).url.searchParams.get('status')).toBe('in.(FAILED)'));
    await app.user.keyboard('{Escape}');

    const duration = screen.getByRole('combobox', { name: 'Run duration' });
    expect(Array.from((duration as HTMLSelectElement).options).map((o) => o.value)).toEqual([
      'none', '15s', '30s', '1m', '2m', '3m', '5m', '10m', '15m',
    ]);
    await app.user.selectOptions(duration, '1m');
    await waitFor(() => expect(lastJobsRequest(app).url.searchParams.get('duration_millis')).toBe('gte.60000'));
    expect(app.location()).toContain('runDuration=1m');
    await app.user.selectOptions(duration, 'none');
    await waitFor(() => expect(lastJobsRequest(app).url.searchParams.has('duration_millis')).toBe(false));
    expect(app.location()).not.toContain('runDuration');
  });

  it('reads the filters back from a bookmarked URL', async () => {
    const app = renderSettings(
      '/settings/jobs?name=ConfigScraper:1&resource_type=topology:-1&status=RUNNING:1,WARNING:1&runDuration=15m&rangeType=relative&range=6h',
      jobRoutes(),
    );
    await screen.findByRole('table', { name: 'Jobs History' });
    const params = lastJobsRequest(app).url.searchParams;
    expect(params.get('name')).toBe('in.(ConfigScraper)');
    expect(params.get('resource_type')).toBe('not.in.(topology)');
    expect(params.get('status')).toBe('in.(RUNNING,WARNING)');
    expect(params.get('duration_millis')).toBe('gte.900000');
    const [from, to] = params.getAll('created_at').map((v) => Date.parse(v.slice(4)));
    expect(to! - from!).toBe(6 * HOUR);
    expect(screen.getByRole('button', { name: 'Time range: Last 6 hours' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Status: RUNNING, WARNING' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resource Type: not Topology' })).toBeTruthy();
  });

  it('takes relative, mapped and absolute time ranges from the picker into the URL and the query', async () => {
    const app = renderSettings('/settings/jobs', jobRoutes());
    await screen.findByRole('table', { name: 'Jobs History' });

    await app.user.click(screen.getByRole('button', { name: /^Time range:/ }));
    await app.user.click(within(screen.getByRole('region', { name: 'Mapped time ranges' })).getByRole('button', { name: 'Yesterday' }));
    await waitFor(() => expect(app.location()).toContain('rangeType=mapped'));
    expect(app.location()).toContain('display=Yesterday');
    const yesterday = new Date();
    yesterday.setDate(yesterday.getDate() - 1);
    yesterday.setHours(0, 0, 0, 0);
    await waitFor(() => expect(lastJobsRequest(app).url.searchParams.getAll('created_at')[0]).toBe(`gte.${yesterday.toISOString()}`));

    await app.user.click(screen.getByRole('button', { name: /^Time range:/ }));
    await app.user.click(within(screen.getByRole('region', { name: 'Relative time ranges' })).getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(app.location()).toContain('range=7d'));
    expect(app.location()).not.toContain('display=');

    await app.user.click(screen.getByRole('button', { name: /^Time range:/ }));
    const submit = screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2024-03-01T10:00' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2024-03-02T12:30' } });
    await app.user.click(submit);
    const from = new Date('2024-03-01T10:00').toISOString();
    const to = new Date('2024-03-02T12:30').toISOString();
    await waitFor(() => expect(lastJobsRequest(app).url.searchParams.getAll('created_at')).toEqual([`gte.${from}`, `lte.${to}`]));
    const search = new URLSearchParams(app.location().split('?')[1]);
    expect(search.get('rangeType')).toBe('absolute');
    expect(search.get('from')).toBe(from);
    expect(search.get('to')).toBe(to);
    expect(screen.getByRole('button', { name: 'Time range: 2024-03-01 10:00 to 2024-03-02 12:30' })).toBeTruthy();
  });

  it("logs 'Invalid mapped time range' and shows it instead of the table", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const app = renderSettings('/settings/jobs?rangeType=mapped&display=Someday', jobRoutes());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Invalid mapped time range');
    expect(error).toHaveBeenCalledWith('Invalid mapped time range');
    expect(app.server.to('/api/db/job_histories')).toHaveLength(0);
  });

  it("logs 'Invalid relative time range' and leaves the time out of the query", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const app = renderSettings('/settings/jobs?rangeType=relative&range=soon', jobRoutes());
    await screen.findByRole('table', { name: 'Jobs History' });
    await waitFor(() => expect(app.server.to('/api/db/job_histories')).toHaveLength(1));
    expect(lastJobsRequest(app).url.searchParams.has('created_at')).toBe(false);
    expect(error).toHaveBeenCalledWith('Invalid relative time range');
  });

  it('shows statuses in their colours and links resources and agents', async () => {
    renderSettings('/settings/jobs?status=', jobRoutes(() => rows([CANARY_RUN, SCRAPER_RUN, ...OTHER_RUNS])));
    const table = await screen.findByRole('table', { name: 'Jobs History' });
    await within(table).findByText('CanaryRun');
    const colour = (status: string) => within(table).getByText(status).getAttribute('data-colour');
    expect([colour('RUNNING'), colour('SUCCESS'), colour('WARNING'), colour('FAILED'), colour('STOPPED')]).toEqual([
      'yellow',
      'green',
      'orange',
      'red',
      'red',
    ]);
    const href = (name: string) => within(table).getByRole('link', { name }).getAttribute('href');
    expect(href('api-health')).toBe('/settings/canaries/c1');
    expect(href('k8s-scraper')).toBe('/catalog/scrapers/s1');
    expect(href('web')).toBe('/settings/topologies/t1');
    expect(href('restart')).toBe('/playbooks/p1');
    expect(within(table).queryByRole('link', { name: 'sre' })).toBeNull();
    expect(within(table).getByText('sre')).toBeTruthy();
    expect(within(table).getAllByRole('link', { name: 'edge-agent' })[0]!.getAttribute('href')).toBe('/settings/agents?id=a1');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Timestamp',
      'Job Name',
      'Agent',
      'Resource Type',
      'Resource',
      'Status',
      'Duration',
      'Success Count',
      'Error Count',
    ]);
  });

  it("opens 'Details for job {name}' on a row, with its errors and summaries", async () => {
    const app = renderSettings('/settings/jobs', jobRoutes());
    const table = await screen.findByRole('table', { name: 'Jobs History' });
    await app.user.click((await within(table).findByText('CanaryRun')).closest('tr')!);
    const dialog = await screen.findByRole('dialog', { name: 'Details for job CanaryRun' });
    expect(within(dialog).getByRole('region', { name: 'Errors' }).textContent).toContain('dial tcp 10.0.0.1:443: connection refused');
    expect(within(dialog).getByRole('region', { name: 'Summary' }).textContent).toContain('checks: 3');
    expect(within(dialog).getByText('1.3m')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'api-health' }).getAttribute('href')).toBe('/settings/canaries/c1');
    expect(app.location()).toContain('job=j1');
    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.location()).not.toContain('job=');

    await app.user.click(within(table).getByText('ConfigScraper').closest('tr')!);
    const scraper = await screen.findByRole('dialog', { name: 'Details for job ConfigScraper' });
    expect(within(scraper).getByRole('region', { name: 'Scrape Summary' }).textContent).toContain('Kubernetes::Pod');
    expect(within(scraper).queryByRole('region', { name: 'Errors' })).toBeNull();
  });

  it('opens the details a shared URL names, reading a run that is not on the page by its id', async () => {
    const older = { ...CANARY_RUN, id: 'j9', name: 'OlderRun' };
    const app = renderSettings('/settings/jobs?job=j9', [
      dbRoute('GET', 'job_histories', (request) => (request.url.searchParams.get('id') === 'eq.j9' ? rows([older]) : rows([CANARY_RUN]))),
      dbRoute('GET', 'job_history_names', () => rows([])),
    ]);
    const dialog = await screen.findByRole('dialog', { name: 'Details for job OlderRun' });
    expect(within(dialog).getByRole('region', { name: 'Errors' })).toBeTruthy();
    const byId = app.server.to('/api/db/job_histories').find((r) => r.url.searchParams.get('id') === 'eq.j9')!;
    expect(byId.url.searchParams.get('limit')).toBe('1');
  });

  it('follows a resource link without opening the details', async () => {
    const app = renderSettings('/settings/jobs', jobRoutes());
    const table = await screen.findByRole('table', { name: 'Jobs History' });
    await app.user.click(await within(table).findByRole('link', { name: 'k8s-scraper' }));
    await waitFor(() => expect(app.location()).toBe('/catalog/scrapers/s1'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows an error view when the list fails with no data', async () => {
    renderSettings(
      '/settings/jobs',
      jobRoutes(() => json({ code: '42P01', message: 'relation "job_histories" does not exist', details: null, hint: null }, 400)),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the job history');
    expect(alert.textContent).toContain('relation "job_histories" does not exist');
    expect(screen.queryByRole('table', { name: 'Jobs History' })).toBeNull();
    // the filters stay, so the range can be changed
    expect(screen.getByRole('button', { name: /^Time range:/ })).toBeTruthy();
  });

  it('offers every status and resource type even when the rows hold none of them, plus other types the rows hold', async () => {
    const agentRun = { ...CANARY_RUN, id: 'j9', name: 'AgentPush', status: 'SUCCESS', resource_type: 'agent_push', resource_id: 'a1', resource_name: 'edge' };
    const app = renderSettings('/settings/jobs?status=', jobRoutes(() => rows([agentRun], 1)));
    await within(await screen.findByRole('table', { name: 'Jobs History' })).findByText('AgentPush');
    await app.user.click(screen.getByRole('button', { name: /^Resource Type:/ }));
    const types = await screen.findByRole('dialog', { name: 'Resource Type' });
    expect(within(types).getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual([
      'Canary',
      'Topology',
      'Catalog Scraper',
      'Playbook',
      'Incident Rule',
      'Team',
      'System',
      'agent_push',
    ]);
    await app.user.keyboard('{Escape}');
    await app.user.click(screen.getByRole('button', { name: /^Status:/ }));
    const statuses = await screen.findByRole('dialog', { name: 'Status' });
    expect(within(statuses).getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual(['RUNNING', 'SUCCESS', 'WARNING', 'FAILED']);
  });
});
