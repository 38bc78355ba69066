import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, type RecordedRequest, type StubRoute } from '../../test/fetch-stub';
import { mockLayout } from '../../ui/testing/render';
import { dbRoute, renderSettings, rows } from '../../test/render-settings';
import type { LogLine } from './api';
import { LOG_COLUMN_WIDTHS_KEY } from './column-widths';

const API = 'f3b1c2d4-0000-4000-8000-000000000001';
const DB = 'f3b1c2d4-0000-4000-8000-000000000002';
const COMPONENTS = [
  { id: API, name: 'api', type: 'Service', icon: null, logs: [{ name: 'app', type: 'file' }, { name: 'access', type: 'file' }] },
  { id: DB, name: 'db', type: 'Database', icon: null, logs: [{ name: 'postgres' }] },
];

/** 2026-11-25 09:05:07.042 in the local time zone the page formats in. */
const AT = new Date(2026, 10, 25, 9, 5, 7, 42).toISOString();
const LINES: LogLine[] = [
  { timestamp: AT, message: '\u001b[31mERROR\u001b[0m payment failed, see https://pay.example/err?id=7 or ftp://files.example/x', labels: { pod: 'api-1', level: 'error' } },
  { timestamp: new Date(2026, 10, 25, 9, 5, 6, 5).toISOString(), message: 'started on http://127.0.0.1:8080', labels: {} },
];

type App = ReturnType<typeof renderSettings>;
const param = (app: App, name: string) => new URLSearchParams(app.router.state.location.search).get(name);

function openLogs(url: string, answer: (request: RecordedRequest) => ReturnType<StubRoute['respond']> = () => json({ results: LINES }), extra: StubRoute[] = []) {
  return renderSettings(url, [
    dbRoute('GET', 'components_with_logs', () => rows(COMPONENTS)),
    dbRoute('GET', 'component_names', (request) => rows(request.url.searchParams.get('id') === 'eq.gone' ? [{ id: 'gone', name: 'old-worker' }] : [])),
    { method: 'POST', path: '/api/logs', respond: answer },
    ...extra,
  ]);
}

const searches = (app: App) => app.server.to('/api/logs', 'POST').map((request) => request.body as Record<string, unknown>);

let restoreLayout: () => void = () => undefined;
beforeEach(() => {
  window.localStorage.clear();
  // The log viewer renders the rows in view: give the window a height (jsdom has no layout).
  restoreLayout = mockLayout(700);
});
afterEach(() => {
  restoreLayout();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/logs', () => {
  it('asks for a component first, then searches the one picked with its first log selector and titles the page after it', async () => {
    const app = openLogs('/logs');
    expect(await screen.findByText('Please select a component to view the logs')).toBeTruthy();
    const picker = screen.getByLabelText('Component') as HTMLSelectElement;
    await waitFor(() => expect([...picker.options].map((option) => option.textContent)).toEqual(['Select a component', 'api', 'db']));
    expect(searches(app)).toHaveLength(0);

    await app.user.selectOptions(picker, 'api');
    expect(param(app, 'topologyId')).toBe(API);
    expect(await screen.findByRole('heading', { name: 'Logs - api' })).toBeTruthy();
    expect(document.title).toBe('Logs - api');
    const selector = screen.getByLabelText('Log selector') as HTMLSelectElement;
    expect([...selector.options].map((option) => option.textContent)).toEqual(['app', 'access']);
    expect(selector.value).toBe('app');
    await screen.findByRole('table', { name: 'Logs' });
    const [first] = searches(app);
    expect(first).toMatchObject({ id: API, name: 'app' });
    expect(first).not.toHaveProperty('query');
    // The default range is the last 2 days, resolved when the search is made.
    const span = Date.parse(String(first?.['end'])) - Date.parse(String(first?.['start']));
    expect(span).toBe(2 * 24 * 3600 * 1000);

    await app.user.selectOptions(selector, 'access');
    expect(param(app, 'logsSelector')).toBe('access');
    await waitFor(() => expect(searches(app).at(-1)).toMatchObject({ id: API, name: 'access' }));

    // Another component drops the selector of the previous one.
    await app.user.selectOptions(picker, 'db');
    expect(param(app, 'logsSelector')).toBeNull();
    await waitFor(() => expect(searches(app).at(-1)).toMatchObject({ id: DB, name: 'postgres' }));
  });

  it('shows each line with its timestamp as YYYY-MM-DD HH:mm.ss.SSS, its ANSI colours, web links and labels', async () => {
    openLogs(`/logs?topologyId=${API}`);
    const table = await screen.findByRole('table', { name: 'Logs' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Timestamp', 'Message', 'Labels']);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    const cells = within(first!).getAllByRole('cell');
    expect(cells[0]!.textContent).toBe('2026-11-25 09:05.07.042');
    expect(within(second!).getAllByRole('cell')[0]!.textContent).toBe('2026-11-25 09:05.06.005');
    expect(cells[1]!.textContent).toBe('ERROR payment failed, see https://pay.example/err?id=7 or ftp://files.example/x');
    const error = within(cells[1]!).getByText('ERROR');
    expect(error.style.color).toBe('rgb(187, 0, 0)');
    const link = within(cells[1]!).getByRole('link', { name: 'https://pay.example/err?id=7' });
    expect(link.getAttribute('href')).toBe('https://pay.example/err?id=7');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(cells[1]!).getAllByRole('link')).toHaveLength(1);
    expect(within(second!).getByRole('link', { name: 'http://127.0.0.1:8080' })).toBeTruthy();
    expect(within(cells[2]!).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['pod=api-1', 'level=error']);
  });

  it('reads every parameter from the URL, and a component without logs is still titled by its name', async () => {
    const app = openLogs('/logs?topologyId=gone&logsSelector=worker&query=timeout&start=15m');
    expect(await screen.findByRole('heading', { name: 'Logs - old-worker' })).toBeTruthy();
    await screen.findByRole('table', { name: 'Logs' });
    const [first] = searches(app);
    expect(first).toMatchObject({ id: 'gone', name: 'worker', query: 'timeout' });
    expect(Date.parse(String(first?.['end'])) - Date.parse(String(first?.['start']))).toBe(15 * 60 * 1000);
    expect((screen.getByRole('searchbox', { name: 'Search logs' }) as HTMLInputElement).value).toBe('timeout');
    expect(screen.getByRole('button', { name: /Last 15 minutes/ })).toBeTruthy();

    await app.user.click(screen.getByRole('button', { name: /Last 15 minutes/ }));
    await app.user.click(await screen.findByRole('button', { name: 'Last 1 hour' }));
    expect(param(app, 'start')).toBe('1h');
    await waitFor(() => expect(Date.parse(String(searches(app).at(-1)?.['end'])) - Date.parse(String(searches(app).at(-1)?.['start']))).toBe(3600 * 1000));
  });

  it('searches 500 ms after typing stops, with the text in the query parameter', async () => {
    const sentAt: number[] = [];
    const app = openLogs(`/logs?topologyId=${API}`, () => (sentAt.push(Date.now()), json({ results: LINES })));
    await screen.findByRole('table', { name: 'Logs' });
    await app.user.type(screen.getByRole('searchbox', { name: 'Search logs' }), 'payment');
    const typedAt = Date.now();
    expect(param(app, 'query')).toBeNull();
    await waitFor(() => expect(searches(app).at(-1)).toMatchObject({ query: 'payment' }), { timeout: 2000 });
    expect(param(app, 'query')).toBe('payment');
    // One search for the whole word, not one per key, and not before the pause.
    expect(searches(app).filter((search) => search['query'] !== undefined)).toHaveLength(1);
    expect(sentAt.at(-1)! - typedAt).toBeGreaterThanOrEqual(450);
  });

  it('says when nothing matches, shows the server message on failure and a loading state meanwhile', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const app = openLogs(`/logs?topologyId=${API}`, async (request) => {
      const body = request.body as { query?: string };
      if (body.query === 'broken') return json({ message: 'log backend "files" cannot read /var/log/app.log' }, 500);
      await held;
      return json({ results: [] });
    });
    expect(await screen.findByRole('status', { name: 'Loading logs' })).toBeTruthy();
    release();
    expect(await screen.findByText('There are no logs matching the search query')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Download' }) as HTMLButtonElement).disabled).toBe(true);

    await app.user.type(screen.getByRole('searchbox', { name: 'Search logs' }), 'broken{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('log backend "files" cannot read /var/log/app.log');
  });

  it('downloads the shown lines as text and says so, or says it failed', async () => {
    const saved: Blob[] = [];
    // jsdom cannot follow the download link itself.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (saved.push(blob), 'blob:logs'), revokeObjectURL: () => undefined }));
    const app = openLogs(`/logs?topologyId=${API}`);
    await screen.findByRole('table', { name: 'Logs' });
    await app.user.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Downloaded logs')).toBeTruthy();
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved[0]!);
    });
    expect(text.split('\n')[0]).toBe('2026-11-25 09:05.07.042\tERROR payment failed, see https://pay.example/err?id=7 or ftp://files.example/x\tpod=api-1,level=error');
    expect(text.split('\n')[1]).toBe('2026-11-25 09:05.06.005\tstarted on http://127.0.0.1:8080');

    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => { throw new Error('no blobs here'); } }));
    await app.user.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Failed to download logs')).toBeTruthy();
  });

  it("asks for the next page with the first page's bounds when the last line comes into view", async () => {
    const older: LogLine = { timestamp: new Date(2026, 10, 25, 8, 0, 0, 0).toISOString(), message: 'an older line', labels: {} };
    const app = openLogs(`/logs?topologyId=${API}`, (request) =>
      (request.body as { page?: string }).page === 'after-2' ? json({ results: [older] }) : json({ results: LINES, nextPage: 'after-2' }),
    );
    expect(await screen.findByText('an older line')).toBeTruthy();
    const [first, second] = searches(app);
    expect(second).toEqual({ id: API, name: 'app', start: first?.['start'], end: first?.['end'], page: 'after-2' });
    expect(searches(app)).toHaveLength(2);
    expect(within(screen.getByRole('table', { name: 'Logs' })).getAllByRole('row')).toHaveLength(4);
  });

  it('remembers a column width locally', async () => {
    const app = openLogs(`/logs?topologyId=${API}`);
    await screen.findByRole('table', { name: 'Logs' });
    const handle = screen.getByRole('separator', { name: 'Resize Timestamp' });
    expect(handle.getAttribute('aria-valuenow')).toBe('200');
    handle.focus();
    await app.user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('separator', { name: 'Resize Timestamp' }).getAttribute('aria-valuenow')).toBe('220');
    expect(JSON.parse(window.localStorage.getItem(LOG_COLUMN_WIDTHS_KEY) ?? '{}')).toMatchObject({ timestamp: 220, message: 480, labels: 240 });
    app.unmount();

    openLogs(`/logs?topologyId=${API}`);
    await screen.findByRole('table', { name: 'Logs' });
    expect(screen.getByRole('separator', { name: 'Resize Timestamp' }).getAttribute('aria-valuenow')).toBe('220');
  });
});
