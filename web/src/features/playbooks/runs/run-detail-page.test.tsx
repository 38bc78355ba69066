import { PLAYBOOK_RUN_POLL_MS } from '@pharos/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fetch-stub';
import { dbRoute, renderSettings, rows } from '../../../test/render-settings';
import type { PlaybookRun, PlaybookRunAction } from '../api';
import { runPollInterval } from './runs-api';

const RUN_ID = 'a0000000-0000-4000-8000-000000000001';
const at = (secondsFromNow: number) => new Date(Date.now() + secondsFromNow * 1000).toISOString();

function action(name: string, fields: Partial<PlaybookRunAction> = {}): PlaybookRunAction {
  return { id: `act-${name}`, name, status: 'completed', result: null, error: null, scheduled_time: at(-60), start_time: at(-60), end_time: at(-58), created_at: at(-60), ...fields };
}

function aRun(fields: Partial<PlaybookRun> = {}): PlaybookRun {
  return {
    id: RUN_ID,
    playbook_id: 'p1',
    status: 'completed',
    error: null,
    parameters: { replicas: '3', reason: 'deploy' },
    config_id: 'cfg1',
    component_id: null,
    check_id: null,
    created_by: 'u2',
    scheduled_time: at(-61),
    start_time: at(-60),
    end_time: at(-50),
    created_at: at(-61),
    approvals: [],
    actions: [action('first', { result: { stdout: 'first output', exitCode: 0 } }), action('second', { result: { stdout: 'second output', exitCode: 0 } })],
    ...fields,
  };
}

const NAMES = { id: RUN_ID, config_id: 'cfg1', component_id: null, check_id: null, playbook: { id: 'p1', title: 'Restart service', icon: null }, config: { id: 'cfg1', name: 'checkout-db', type: 'Postgres' }, component: null, check: null, person: { id: 'u2', name: 'Grace Hopper', avatar: null } };

function open(run: () => PlaybookRun, options: Parameters<typeof renderSettings>[2] = {}, extra: Parameters<typeof renderSettings>[1] = []) {
  return renderSettings(
    `/playbooks/runs/${RUN_ID}`,
    [...extra, { method: 'GET', path: `/api/playbook/run/${RUN_ID}`, respond: () => json(run()) }, dbRoute('GET', 'playbook_runs', () => rows([NAMES]))],
    options,
  );
}

const steps = () => screen.findByRole('list', { name: 'Actions' });
const stepNames = (list: HTMLElement) => within(list).getAllByRole('button').map((b) => b.querySelector('span')?.textContent);
const stepButton = async (name: RegExp) => within(await steps()).findByRole('button', { name });

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('/playbooks/runs/{id}', () => {
  it('selects the last action by default and shows its output, parameters, resource and requester', async () => {
    open(() => aRun());
    expect(await screen.findByRole('heading', { name: 'Restart service' })).toBeTruthy();
    expect((await stepButton(/second/)).getAttribute('aria-pressed')).toBe('true');
    expect((await stepButton(/first/)).getAttribute('aria-pressed')).toBe('false');
    expect(within(screen.getByRole('region', { name: 'Result of second' })).getByText('second output')).toBeTruthy();

    const details = screen.getByRole('complementary', { name: 'Run details' });
    expect((await within(details).findByRole('link', { name: 'checkout-db' })).getAttribute('href')).toBe('/catalog/cfg1');
    expect(within(details).getByText('Grace Hopper')).toBeTruthy();
    const parameters = within(details).getByRole('region', { name: 'Parameters' });
    expect(within(parameters).getByText('replicas').nextElementSibling?.textContent).toBe('3');
  });

  it('selects another action on click, but never a skipped one', async () => {
    const app = open(() => aRun({ actions: [action('first', { result: { stdout: 'first output' } }), action('notify', { status: 'skipped', error: 'pod actions need a Kubernetes cluster' }), action('last', { status: 'skipped' })] }));
    // The last selectable action is the default: skipped ones are passed over.
    expect((await stepButton(/first/)).getAttribute('aria-pressed')).toBe('true');
    const skipped = await stepButton(/notify/);
    expect((skipped as HTMLButtonElement).disabled).toBe(true);
    await app.user.click(skipped);
    expect(skipped.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('region', { name: 'Result of first' })).toBeTruthy();
  });

  it("shows a failed run's error as a synthetic 'Initialization' step 0", async () => {
    open(() => aRun({ status: 'failed', error: 'replicas must be at most 10', actions: [] }));
    const list = await steps();
    const buttons = within(list).getAllByRole('button');
    expect(stepNames(list)).toEqual(['Initialization']);
    expect(buttons[0]!.getAttribute('aria-pressed')).toBe('true');
    expect(within(screen.getByRole('region', { name: 'Result of Initialization' })).getByText('replicas must be at most 10')).toBeTruthy();
  });

  it('leads with Initialization before the actions of a failed run, and not for a completed one', async () => {
    const completed = open(() => aRun({ error: 'an old error' }));
    expect(stepNames(await steps())).toEqual(['first', 'second']);
    completed.unmount();
    open(() => aRun({ status: 'failed', error: 'the run was killed', actions: [action('first', { status: 'failed', error: 'exit status 1' })] }));
    const list = await steps();
    expect(stepNames(list)).toEqual(['Initialization', 'first']);
  });

  it('renders ANSI colours and makes only http and https links clickable in stdout', async () => {
    open(() => aRun({ actions: [action('script', { result: { stdout: '\u001b[32mok\u001b[0m see https://docs.example/run and ftp://files.example/x', stderr: 'warn http://warn.example' } })] }));
    const result = await screen.findByRole('region', { name: 'Result of script' });
    expect(within(result).getByText('ok').style.color).toBe('rgb(0, 187, 0)');
    expect(within(result).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['https://docs.example/run', 'http://warn.example']);
    expect(within(result).getByText(/ftp:\/\/files\.example\/x/)).toBeTruthy();
  });

  it('shows HTTP answers, SQL rows as a table and artifacts', async () => {
    const app = open(() =>
      aRun({
        actions: [
          action('call', { result: { code: 201, headers: { 'content-type': 'application/json' }, content: '{"ok":true}', json: { ok: true } } }),
          action('query', { result: { rows: [{ name: 'a', n: 1 }, { name: 'b', n: 2 }], count: 2 } }),
          action('script', { result: { stdout: '', artifacts: [{ path: 'out/report.txt', size: 5, content: 'hello' }, { path: 'out/blob.bin', size: 3, content: 'AAEC', encoding: 'base64' }] } }),
        ],
      }),
    );
    const artifacts = within(await screen.findByRole('region', { name: 'Result of script' })).getByRole('region', { name: 'Artifacts' });
    expect(within(artifacts).getByText('hello')).toBeTruthy();
    expect(within(within(artifacts).getByRole('listitem', { name: 'out/blob.bin' })).getByRole('button', { name: 'Download' })).toBeTruthy();
    expect(within(within(artifacts).getByRole('listitem', { name: 'out/report.txt' })).queryByRole('button')).toBeNull();

    await app.user.click(await stepButton(/query/));
    const table = within(screen.getByRole('region', { name: 'Result of query' })).getByRole('table', { name: 'Rows' });
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual(['namen', 'a1', 'b2']);

    await app.user.click(await stepButton(/call/));
    const http = screen.getByRole('region', { name: 'Result of call' });
    expect(within(http).getByText('201')).toBeTruthy();
    expect(within(http).getByText('content-type')).toBeTruthy();
    expect(within(http).getByText(/"ok": true/)).toBeTruthy();
  });

  it('counts down to the time a sleeping action is scheduled for', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    open(() => aRun({ status: 'sleeping', end_time: null, actions: [action('first'), action('later', { status: 'sleeping', scheduled_time: at(125), start_time: null, end_time: null })] }));
    const later = await stepButton(/later/);
    await waitFor(() => expect(later.textContent).toMatch(/in 2m 0[45]s/));
    const before = later.textContent;
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(later.textContent).not.toBe(before);
    expect(later.textContent).toMatch(/in 2m 0[23]s/);
  });

  it('polls every 5000 ms while the run is running, waiting or pending, and stops once it has ended', async () => {
    expect([runPollInterval('running'), runPollInterval('waiting'), runPollInterval('pending')]).toEqual([PLAYBOOK_RUN_POLL_MS, PLAYBOOK_RUN_POLL_MS, PLAYBOOK_RUN_POLL_MS]);
    expect([runPollInterval('completed'), runPollInterval('failed'), runPollInterval('cancelled'), runPollInterval('sleeping'), runPollInterval(undefined)]).toEqual([false, false, false, false, false]);

    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: PlaybookRun['status'] = 'running';
    const app = open(() => aRun({ status, end_time: null }));
    await stepButton(/second/);
    const reads = () => app.server.to(`/api/playbook/run/${RUN_ID}`, 'GET').length;
    const first = reads();
    await act(() => vi.advanceTimersByTimeAsync(PLAYBOOK_RUN_POLL_MS - 100));
    expect(reads()).toBe(first);
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(reads()).toBe(first + 1));
    status = 'completed';
    await act(() => vi.advanceTimersByTimeAsync(PLAYBOOK_RUN_POLL_MS));
    await waitFor(() => expect(reads()).toBe(first + 2));
    await act(() => vi.advanceTimersByTimeAsync(PLAYBOOK_RUN_POLL_MS * 3));
    expect(reads()).toBe(first + 2);
  });

  it('approves a waiting run and shows the message the server refuses with', async () => {
    let refuse = true;
    const app = open(() => aRun({ status: 'waiting', end_time: null, actions: [] }), {}, [
      {
        method: 'POST',
        path: `/api/playbook/run/approve/${RUN_ID}`,
        respond: () => (refuse ? { status: 403, body: { code: '42501', message: 'You asked for this run: someone else must approve it' } } : json({ status: 'pending' })),
      },
    ]);
    await app.user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('You asked for this run: someone else must approve it')).toBeTruthy();
    refuse = false;
    await app.user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(app.server.to(`/api/playbook/run/approve/${RUN_ID}`, 'POST')).toHaveLength(2));
  });

  it('shows an action given to an agent as waiting for it, offers no Approve, then shows its result', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let run = aRun({ status: 'waiting', end_time: null, awaiting_approval: false, actions: [action('restart', { status: 'waiting', start_time: null, end_time: null, agent: { id: 'ag1', name: 'eu-cluster' } })] });
    open(() => run);
    expect(await within(await steps()).findByText("Waiting for agent 'eu-cluster'")).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Result of restart' })).getByText("Waiting for agent 'eu-cluster'")).toBeTruthy();
    expect(screen.queryByText('No result yet.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();

    run = aRun({ actions: [action('restart', { result: { stdout: 'restarted on the edge', exitCode: 0 }, agent: { id: 'ag1', name: 'eu-cluster' } })] });
    await act(() => vi.advanceTimersByTimeAsync(PLAYBOOK_RUN_POLL_MS + 100));
    const result = await screen.findByRole('region', { name: 'Result of restart' });
    expect(await within(result).findByText('restarted on the edge')).toBeTruthy();
    expect(within(result).getByText("Ran on agent 'eu-cluster'")).toBeTruthy();
  });

  it('offers a non-approver Approve disabled with the reason the server gives, and asks nothing of the server', async () => {
    const refusal = "You are not one of this playbook's approvers";
    const app = open(() => aRun({ status: 'waiting', end_time: null, actions: [], approval_refusal: refusal }), {}, [
      { method: 'POST', path: `/api/playbook/run/approve/${RUN_ID}`, respond: () => ({ status: 403, body: { code: '42501', message: refusal } }) },
    ]);
    const approve = (await screen.findByRole('button', { name: 'Approve' })) as HTMLButtonElement;
    expect(approve.disabled).toBe(true);
    expect(approve.closest('[data-denied]')!.getAttribute('title')).toBe(refusal);
    await app.user.click(approve);
    expect(app.server.to(`/api/playbook/run/approve/${RUN_ID}`, 'POST')).toHaveLength(0);
  });

  it('cancels a run that has not ended once asked to confirm, and re-runs with the same playbook, resource and parameters', async () => {
    const app = open(() => aRun({ status: 'running', end_time: null }), {}, [
      { method: 'POST', path: `/api/playbook/run/cancel/${RUN_ID}`, respond: () => json({ status: 'cancelled' }) },
      { method: 'POST', path: '/api/playbook/run', respond: () => ({ status: 201, body: { run_id: 'b0000000-0000-4000-8000-000000000002' } }) },
    ]);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    await app.user.click(await screen.findByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this run?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Keep running' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(app.server.to(`/api/playbook/run/cancel/${RUN_ID}`, 'POST')).toHaveLength(0);

    await app.user.click(screen.getByRole('button', { name: 'Cancel' }));
    await app.user.click(within(await screen.findByRole('alertdialog', { name: 'Cancel this run?' })).getByRole('button', { name: 'Cancel run' }));
    await waitFor(() => expect(app.server.to(`/api/playbook/run/cancel/${RUN_ID}`, 'POST')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    await app.user.click(screen.getByRole('button', { name: 'Re-run' }));
    await waitFor(() => expect(app.location()).toBe('/playbooks/runs/b0000000-0000-4000-8000-000000000002'));
    expect(app.server.to('/api/playbook/run', 'POST')[0]!.body).toEqual({ id: 'p1', config_id: 'cfg1', params: { replicas: '3', reason: 'deploy' } });
  });

  it('offers Cancel only until the run ends, and Edit Playbook only with write on connections', async () => {
    open(() => aRun());
    expect(await screen.findByRole('button', { name: 'Re-run' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Edit Playbook' }).getAttribute('href')).toBe('/playbooks/p1');
  });

  it('hides Edit Playbook from an editor and the run commands from a viewer', async () => {
    const editor = open(() => aRun({ status: 'running', end_time: null }), { roles: ['editor'] });
    expect(await screen.findByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit Playbook' })).toBeNull();
    editor.unmount();

    open(() => aRun({ status: 'running', end_time: null }), { roles: ['viewer'] });
    await stepButton(/second/);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Re-run' })).toBeNull();
  });

  it("says 'Playbook run not found' for an unknown run, with no stack", async () => {
    renderSettings('/playbooks/runs/nope', [{ method: 'GET', path: '/api/playbook/run/nope', respond: () => json({ code: 'NOT_FOUND', message: 'No playbook run nope', details: null, hint: null }, 404) }, dbRoute('GET', 'playbook_runs', () => rows([]))]);
    expect(await screen.findByText('Playbook run not found')).toBeTruthy();
    expect(screen.queryByText('Stack')).toBeNull();
  });
});
