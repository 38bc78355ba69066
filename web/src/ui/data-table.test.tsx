import { createColumnHelper } from '@tanstack/react-table';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, TABLE_EMPTY_TEXT, TABLE_LOADING_TEXT } from './data-table';
import { act, fireEventScroll, mockLayout, renderWithRouter, screen, within } from './testing/render';

interface Check {
  id: string;
  name: string;
  status: string;
}

const column = createColumnHelper<Check>();
const columns = [
  column.accessor('name', { header: 'Name' }),
  column.accessor('status', { header: 'Status', enableSorting: false }),
];

function checks(count: number, offset = 0): Check[] {
  return Array.from({ length: count }, (_, i) => ({
    id: String(offset + i),
    name: `check-${offset + i}`,
    status: i % 2 ? 'healthy' : 'unhealthy',
  }));
}

describe('DataTable (paged)', () => {
  it('renders the rows of the page with column headers', () => {
    renderWithRouter(<DataTable label="Checks" columns={columns} data={checks(3)} getRowId={(r) => r.id} totalRowCount={3} />);
    const table = screen.getByRole('table', { name: 'Checks' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Status']);
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByText('check-2')).toBeTruthy();
    expect(table.getAttribute('aria-rowcount')).toBe('4');
  });

  it('shows the empty and the loading texts', () => {
    const { rerender } = renderWithRouter(<DataTable label="Checks" columns={columns} data={[]} isLoading />);
    expect(screen.getByText(TABLE_LOADING_TEXT)).toBeTruthy();
    expect(TABLE_LOADING_TEXT).toBe('loading data...');
    rerender(<DataTable label="Checks" columns={columns} data={[]} />);
    expect(screen.getByText('No data available')).toBeTruthy();
    expect(TABLE_EMPTY_TEXT).toBe('No data available');
  });

  it('sorts through the URL parameters sortBy and sortOrder and resets the page', async () => {
    const user = userEvent.setup();
    const view = renderWithRouter(
      <DataTable label="Checks" columns={columns} data={checks(5)} totalRowCount={500} />,
      '/?pageIndex=3',
    );
    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader.getAttribute('aria-sort')).toBe('none');
    // Status opted out of sorting: no button, no aria-sort.
    const statusHeader = screen.getByRole('columnheader', { name: 'Status' });
    expect(within(statusHeader).queryByRole('button')).toBeNull();

    await user.click(within(nameHeader).getByRole('button'));
    expect(view.param('sortBy')).toBe('name');
    expect(view.param('sortOrder')).toBe('asc');
    expect(view.param('pageIndex')).toBeNull();
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');

    await user.click(within(screen.getByRole('columnheader', { name: /Name/ })).getByRole('button'));
    expect(view.param('sortOrder')).toBe('desc');
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('uses configured parameter names and sort-order values', async () => {
    const user = userEvent.setup();
    const view = renderWithRouter(
      <DataTable
        label="Checks"
        columns={columns}
        data={checks(5)}
        urlParams={{ sortOrder: 'sortDesc', sortOrderValues: { asc: 'false', desc: 'true' }, pageIndex: 'page' }}
      />,
      '/?sortBy=name&sortDesc=true&page=2',
    );
    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader.getAttribute('aria-sort')).toBe('descending');
    await user.click(within(nameHeader).getByRole('button'));
    expect(view.search()).not.toContain('page=');
    expect(view.param('sortBy')).toBeNull();
  });

  it('shows the default sort while the URL names none', () => {
    renderWithRouter(<DataTable label="Checks" columns={columns} data={checks(2)} defaultSort={{ id: 'name', desc: true }} />);
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('pages with first/previous/next/last and keeps the page in the URL', async () => {
    const user = userEvent.setup();
    const view = renderWithRouter(
      <DataTable label="Checks" columns={columns} data={checks(10)} totalRowCount={95} defaultPageSize={10} />,
    );
    expect(screen.getByText('of 10')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'First page' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(view.param('pageIndex')).toBe('1');
    expect((screen.getByRole('spinbutton', { name: 'Go to page' }) as HTMLInputElement).value).toBe('2');

    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(view.param('pageIndex')).toBe('9');
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Last page' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(view.param('pageIndex')).toBe('8');
    await user.click(screen.getByRole('button', { name: 'First page' }));
    expect(view.param('pageIndex')).toBeNull();
  });

  it('goes to a typed page, clamped between 1 and the page count', async () => {
    const user = userEvent.setup();
    const view = renderWithRouter(
      <DataTable label="Checks" columns={columns} data={checks(10)} totalRowCount={95} defaultPageSize={10} />,
    );
    const input = screen.getByRole('spinbutton', { name: 'Go to page' }) as HTMLInputElement;
    expect(input.min).toBe('1');
    expect(input.max).toBe('10');
    await user.clear(input);
    await user.type(input, '4{Enter}');
    expect(view.param('pageIndex')).toBe('3');

    const again = screen.getByRole('spinbutton', { name: 'Go to page' });
    await user.clear(again);
    await user.type(again, '99{Enter}');
    expect(view.param('pageIndex')).toBe('9');

    const low = screen.getByRole('spinbutton', { name: 'Go to page' });
    await user.clear(low);
    await user.type(low, '0');
    await user.tab();
    expect(view.param('pageIndex')).toBeNull();
  });

  it('offers the page sizes of the spec and writes the chosen one', async () => {
    const user = userEvent.setup();
    const view = renderWithRouter(
      <DataTable label="Checks" columns={columns} data={checks(10)} totalRowCount={95} />,
      '/?pageIndex=2',
    );
    const select = screen.getByRole('combobox', { name: 'Rows per page' }) as HTMLSelectElement;
    expect([...select.options].map((o) => Number(o.value))).toEqual([5, 10, 25, 50, 100, 150, 200, 250, 300, 500, 1000]);
    expect(select.value).toBe('50');
    await user.selectOptions(select, '25');
    expect(view.param('pageSize')).toBe('25');
    expect(view.param('pageIndex')).toBeNull();
  });

  it('reports row clicks by mouse and keyboard', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    renderWithRouter(<DataTable label="Checks" columns={columns} data={checks(3)} onRowClick={onRowClick} />);
    await user.click(screen.getByText('check-1'));
    expect(onRowClick).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'check-1' }), expect.anything());
    const row = screen.getByText('check-2').closest('tr');
    row?.focus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'check-2' }), expect.anything());
    expect(onRowClick).toHaveBeenCalledTimes(2);
  });
});

describe('DataTable (virtual)', () => {
  it('renders a window of 100,000 rows, follows the scroll and asks for twice the page size at the end', async () => {
    const restore = mockLayout(700);
    try {
      const data = checks(100_000);
      const onLoadMore = vi.fn();
      renderWithRouter(
        <DataTable
          label="Checks"
          columns={columns}
          data={data}
          getRowId={(r) => r.id}
          virtual
          hasMore
          onLoadMore={onLoadMore}
        />,
        '/?pageSize=100000',
      );
      const table = screen.getByRole('table', { name: 'Checks' });
      const dataRows = () => within(table).getAllByRole('row').filter((r) => r.hasAttribute('data-index'));
      // 700px / 35px = 20 rows in view, plus an overscan of 10.
      expect(dataRows().length).toBeLessThanOrEqual(40);
      expect(dataRows().length).toBeGreaterThanOrEqual(20);
      expect(screen.getByText('check-0')).toBeTruthy();
      expect(screen.queryByText('check-5000')).toBeNull();
      expect(table.getAttribute('aria-rowcount')).toBe('100001');

      const scroller = screen.getByTestId('data-table-scroll');
      await act(async () => fireEventScroll(scroller, 5000 * 35));
      expect(screen.getByText('check-5000')).toBeTruthy();
      expect(screen.queryByText('check-0')).toBeNull();
      expect(dataRows().length).toBeLessThanOrEqual(45);
      expect(onLoadMore).not.toHaveBeenCalled();

      await act(async () => fireEventScroll(scroller, 100_000 * 35 - 700));
      expect(screen.getByText('check-99999')).toBeTruthy();
      expect(onLoadMore).toHaveBeenCalledTimes(1);
      expect(onLoadMore).toHaveBeenCalledWith(200_000);
    } finally {
      restore();
    }
  });

  it('doubles the page size in the URL when no callback is given, once per growth', async () => {
    const restore = mockLayout(700);
    try {
      const view = renderWithRouter(
        <DataTable label="Checks" columns={columns} data={checks(25)} virtual />,
        '/?pageSize=25',
      );
      // 25 rows fit in the window: the end is in view at once.
      expect(view.param('pageSize')).toBe('50');
      const scroller = screen.getByTestId('data-table-scroll');
      await act(async () => fireEventScroll(scroller, 10));
      expect(view.param('pageSize')).toBe('50');
    } finally {
      restore();
    }
  });

  it('does not ask for more when every row is loaded', () => {
    const restore = mockLayout(700);
    try {
      const onLoadMore = vi.fn();
      renderWithRouter(
        <DataTable label="Checks" columns={columns} data={checks(10)} totalRowCount={10} virtual onLoadMore={onLoadMore} />,
        '/?pageSize=10',
      );
      expect(onLoadMore).not.toHaveBeenCalled();
    } finally {
      restore();
    }
  });
});

describe('DataTable (paged, windowed)', () => {
  it('renders only the rows in view of a page larger than windowOver, keeps the pager, and numbers rows from the page start', async () => {
    const restore = mockLayout(700);
    try {
      const view = renderWithRouter(
        <DataTable label="Checks" columns={columns} data={checks(1000, 1000)} getRowId={(r) => r.id} totalRowCount={10_000} windowOver={100} />,
        '/?pageSize=1000&pageIndex=1',
      );
      const table = screen.getByRole('table', { name: 'Checks' });
      const dataRows = () => within(table).getAllByRole('row').filter((r) => r.hasAttribute('data-index'));
      expect(dataRows().length).toBeGreaterThanOrEqual(20);
      expect(dataRows().length).toBeLessThanOrEqual(40);
      expect(screen.getByText('check-1000')).toBeTruthy();
      expect(screen.queryByText('check-1500')).toBeNull();
      // The header row is 1, so the first row of the second page of 1000 is 1002.
      expect(dataRows()[0]?.getAttribute('aria-rowindex')).toBe('1002');
      expect(table.getAttribute('aria-rowcount')).toBe('10001');

      await act(async () => fireEventScroll(screen.getByTestId('data-table-scroll'), 500 * 35));
      expect(screen.getByText('check-1500')).toBeTruthy();
      expect(screen.queryByText('check-1000')).toBeNull();

      const pager = screen.getByRole('navigation', { name: 'Pagination' });
      expect(within(pager).getByText('10,000 rows')).toBeTruthy();
      await userEvent.setup().click(within(pager).getByRole('button', { name: 'Next page' }));
      expect(view.param('pageIndex')).toBe('2');
    } finally {
      restore();
    }
  });

  it('renders every row of a page up to windowOver', () => {
    renderWithRouter(<DataTable label="Checks" columns={columns} data={checks(100)} getRowId={(r) => r.id} totalRowCount={100} windowOver={100} />, '/?pageSize=100');
    expect(screen.queryByTestId('data-table-scroll')).toBeNull();
    expect(within(screen.getByRole('table', { name: 'Checks' })).getAllByRole('row')).toHaveLength(101);
  });
});
