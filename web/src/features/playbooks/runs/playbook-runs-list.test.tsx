import { INFINITE_SCROLL_THRESHOLD_PX } from '@pharos/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dbRoute, paramsOf, rows } from '../../../test/render-settings';
import { stubFetch, type RecordedRequest } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { PlaybookRunsList } from './playbook-runs-list';

const runAt = (index: number) => ({
  id: `r${index}`,
  playbook_id: 'p1',
  status: index === 0 ? 'failed' : 'completed',
  error: null,
  created_at: new Date(Date.now() - index * 60_000).toISOString(),
  start_time: new Date(Date.now() - index * 60_000).toISOString(),
  end_time: null,
  config_id: null,
  component_id: 'c1',
  check_id: null,
  playbook: { id: 'p1', title: `Run ${index}`, icon: null },
  config: null,
  component: { id: 'c1', name: 'api' },
  check: null,
  person: null,
});

/** 120 runs on the component, answered a page at a time as asked. */
function answer(request: RecordedRequest) {
  const offset = Number(request.url.searchParams.get('offset') ?? 0);
  const limit = Number(request.url.searchParams.get('limit'));
  const all = Array.from({ length: 120 }, (_, index) => runAt(index));
  return rows(all.slice(offset, offset + limit), 120, offset);
}

function render(target: { config_id?: string; component_id?: string }, pageSize: number) {
  const server = stubFetch([dbRoute('GET', 'playbook_runs', answer)]);
  const app = renderApp('/', { routes: [{ path: '/', element: <PlaybookRunsList target={target} pageSize={pageSize} /> }] });
  return { ...app, server };
}

/** Puts the list `fromBottom` px above its end, as scrolling would (jsdom has no layout). */
function scrollTo(list: HTMLElement, fromBottom: number) {
  Object.defineProperty(list, 'scrollHeight', { configurable: true, value: 2000 });
  Object.defineProperty(list, 'clientHeight', { configurable: true, value: 250 });
  list.scrollTop = 2000 - 250 - fromBottom;
  fireEvent.scroll(list);
}

afterEach(() => vi.restoreAllMocks());

describe('PlaybookRunsList', () => {
  it("lists a component's runs 50 at a time, loading the next page within 300 px of the end", async () => {
    const app = render({ component_id: 'c1' }, 50);
    const list = await screen.findByRole('list', { name: 'Playbook runs' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(50);
    expect(within(list).getByRole('link', { name: 'Run 0' }).getAttribute('href')).toBe('/playbooks/runs/r0');
    expect(within(list).getByText('failed').dataset['tone']).toBe('red');
    const first = paramsOf(app.server.to('/api/db/playbook_runs')[0]!.url);
    expect(first).toMatchObject({ component_id: 'eq.c1', order: 'created_at.desc', limit: '50', offset: '0' });

    scrollTo(list, INFINITE_SCROLL_THRESHOLD_PX + 50);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(app.server.to('/api/db/playbook_runs')).toHaveLength(1);

    scrollTo(list, INFINITE_SCROLL_THRESHOLD_PX - 10);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(100));
    expect(paramsOf(app.server.to('/api/db/playbook_runs')[1]!.url)).toMatchObject({ limit: '50', offset: '50' });

    scrollTo(list, 0);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(120));
    // The last page was short: nothing more to load.
    scrollTo(list, 0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(app.server.to('/api/db/playbook_runs')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it("asks for a config's runs 200 a page and says when there are none", async () => {
    const server = stubFetch([dbRoute('GET', 'playbook_runs', () => rows([]))]);
    renderApp('/', { routes: [{ path: '/', element: <PlaybookRunsList target={{ config_id: 'cfg1' }} pageSize={200} /> }] });
    expect(await screen.findByText('No playbook has run on this config.')).toBeTruthy();
    expect(paramsOf(server.to('/api/db/playbook_runs')[0]!.url)).toMatchObject({ config_id: 'eq.cfg1', limit: '200', offset: '0' });
  });
});
