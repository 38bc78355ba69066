import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

// 200 rows a render: slow on a busy machine.
const SLOW = { timeout: 15_000 };
import { dbRoute, paramsOf, renderSettings, rows } from '../../test/render-settings';

/** /incidents pages through many incidents: a page at a time, one row more than shown says another follows. */

const incident = (n: number) => ({
  id: `i${n}`,
  incident_id: `INC-${n}`,
  title: `Incident number ${n}`,
  type: 'availability',
  severity: 'low',
  status: 'open',
  created_at: new Date(Date.now() - n * 60_000).toISOString(),
  created_by: null,
  commander: null,
  responders: [],
  component_ids: [],
});
const ALL = Array.from({ length: 450 }, (_, n) => incident(n + 1));

/** The rows a list request asks for: after the row its or= names (created_at is unique here), offset and limit. */
function answer(request: { url: URL }, select: (row: (typeof ALL)[number]) => unknown) {
  const offset = Number(request.url.searchParams.get('offset') ?? 0);
  const limit = Number(request.url.searchParams.get('limit') ?? ALL.length);
  const after = /^\(created_at\.lt\.([^,]+),and\(created_at\.eq\.\1,id\.lt\.[^)]+\)\)$/.exec(request.url.searchParams.get('or') ?? '')?.[1];
  const from = after ? ALL.filter((row) => row.created_at < after) : ALL;
  return rows(from.slice(offset, offset + limit).map(select), from.length, offset);
}

function routes() {
  return [
    dbRoute('GET', 'incident_summary', (request) => answer(request, (row) => row)),
    dbRoute('GET', 'incidents', (request) => answer(request, (row) => ({ id: row.id, created_at: row.created_at }))),
    dbRoute('GET', 'people', () => rows([])),
    dbRoute('GET', 'components', () => rows([])),
  ];
}

const shown = () => within(screen.getByRole('table', { name: 'Incidents' })).getAllByRole('link').map((link) => link.textContent);

describe('/incidents paging', () => {
  it('shows 200 incidents a page, newest first with a stable order, and moves between pages', { timeout: 60_000 }, async () => {
    const user = userEvent.setup();
    const app = renderSettings('/incidents', routes());
    await screen.findByRole('table', { name: 'Incidents' });
    expect(shown()).toHaveLength(200);
    expect(shown()[0]).toBe('INC-1Incident number 1');
    const first = paramsOf(app.server.to('/api/db/incident_summary', 'GET').at(-1)!.url);
    expect(first).toMatchObject({ order: 'created_at.desc,id.desc', offset: '0', limit: '201', status: 'eq.open' });
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect((within(pager).getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);

    // Next reads on from the page's last row rather than counting rows off from the start.
    await user.click(within(pager).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(shown()[0]).toBe('INC-201Incident number 201'), SLOW);
    const last = paramsOf(app.server.to('/api/db/incident_summary', 'GET').at(-1)!.url);
    expect(last).toMatchObject({
      offset: '0',
      limit: '201',
      created_at: `lte.${ALL[199]!.created_at}`,
      or: `(created_at.lt.${ALL[199]!.created_at},and(created_at.eq.${ALL[199]!.created_at},id.lt.i200))`,
    });
    await user.click(within(pager).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(shown()).toHaveLength(50), SLOW);
    expect(shown()[0]).toBe('INC-401Incident number 401');
    expect((within(pager).getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);

    // Back, and a jump to a page never reached counts on from the nearest page start known.
    await user.click(within(pager).getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(shown()[0]).toBe('INC-201Incident number 201'), SLOW);
    await user.click(within(pager).getByRole('button', { name: 'First page' }));
    await waitFor(() => expect(shown()[0]).toBe('INC-1Incident number 1'), SLOW);

    await user.selectOptions(within(pager).getByLabelText('Rows per page'), '50');
    await waitFor(() => expect(shown()).toHaveLength(50), SLOW);
    expect(shown()[0]).toBe('INC-1Incident number 1');
    expect(paramsOf(app.server.to('/api/db/incident_summary', 'GET').at(-1)!.url)).toMatchObject({ offset: '0', limit: '51' });
    const goTo = within(pager).getByLabelText('Go to page');
    await user.clear(goTo);
    await user.type(goTo, '4{Enter}');
    await waitFor(() => expect(shown()[0]).toBe('INC-151Incident number 151'), SLOW);
    // The row page 4 starts after is found in the incidents table; the page then reads on from it.
    expect(paramsOf(app.server.to('/api/db/incidents', 'GET').at(-1)!.url)).toMatchObject({ select: 'id,created_at', status: 'eq.open', offset: '149', limit: '1' });
    expect(paramsOf(app.server.to('/api/db/incident_summary', 'GET').at(-1)!.url)).toMatchObject({ offset: '0', limit: '51', created_at: `lte.${ALL[149]!.created_at}` });
  });

  it('starts again at the first page when a filter changes', { timeout: 60_000 }, async () => {
    const user = userEvent.setup();
    const app = renderSettings('/incidents', routes());
    await screen.findByRole('table', { name: 'Incidents' });
    await user.click(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(shown()[0]).toBe('INC-201Incident number 201'), SLOW);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'closed');
    await waitFor(() => expect(paramsOf(app.server.to('/api/db/incident_summary', 'GET').at(-1)!.url)).toMatchObject({ status: 'eq.closed', offset: '0' }), SLOW);
  });
});
