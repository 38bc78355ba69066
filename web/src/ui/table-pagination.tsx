import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from './button';
import { cn } from './cn';
import { pageSizeChoices } from './table-url-state';

export interface TablePaginationProps {
  /** Zero-based index of the current page. */
  pageIndex: number;
  pageSize: number;
  /** Number of pages; null when the total is unknown (then "next" depends on `hasNextPage`). */
  pageCount: number | null;
  /** Used when `pageCount` is null: whether the current page was full. */
  hasNextPage?: boolean;
  totalRowCount?: number;
  onPageIndexChange: (pageIndex: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  pageSizeOptions?: readonly number[];
  className?: string;
}

const selectClass =
  'h-8 rounded-md border border-border-strong bg-surface px-2 text-[0.8125rem] text-fg ' +
  'focus:border-accent focus:outline-2 focus:outline-offset-0 focus:outline-accent/30 cursor-pointer';

const pageInputClass =
  'h-8 w-16 rounded-md border border-border-strong bg-surface px-2 text-center text-[0.8125rem] text-fg ' +
  'focus:border-accent focus:outline-2 focus:outline-offset-0 focus:outline-accent/30 ' +
  '[appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none';

function IconButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button variant="secondary" size="sm" className="px-2" aria-label={label} title={label} disabled={disabled} onClick={onClick}>
      {children}
    </Button>
  );
}

/** The go-to-page field: commits on Enter or blur, clamped to 1..pageCount. */
function GoToPage({
  pageIndex,
  pageCount,
  onPageIndexChange,
}: {
  pageIndex: number;
  pageCount: number | null;
  onPageIndexChange: (pageIndex: number) => void;
}) {
  const commit = (input: HTMLInputElement) => {
    const requested = Math.floor(Number(input.value));
    if (!Number.isFinite(requested) || input.value.trim() === '') {
      input.value = String(pageIndex + 1);
      return;
    }
    const max = pageCount ?? Number.MAX_SAFE_INTEGER;
    const page = Math.min(Math.max(requested, 1), Math.max(max, 1));
    input.value = String(page);
    if (page - 1 !== pageIndex) onPageIndexChange(page - 1);
  };
  return (
    <span className="inline-flex items-center gap-1.5 text-[0.8125rem] text-fg-muted">
      <span aria-hidden="true">Page</span>
      <input
        // Re-mounted when the page changes, so the field shows the current page again.
        key={pageIndex}
        type="number"
        inputMode="numeric"
        min={1}
        max={pageCount ?? undefined}
        defaultValue={pageIndex + 1}
        aria-label="Go to page"
        className={pageInputClass}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit(event.currentTarget);
        }}
        onBlur={(event) => commit(event.currentTarget)}
      />
      {pageCount !== null && <span>of {pageCount.toLocaleString()}</span>}
    </span>
  );
}

/** Page size, go-to-page and first/previous/next/last controls of a paged table. */
export function TablePagination({
  pageIndex,
  pageSize,
  pageCount,
  hasNextPage = false,
  totalRowCount,
  onPageIndexChange,
  onPageSizeChange,
  pageSizeOptions,
  className,
}: TablePaginationProps) {
  const sizeId = useId();
  const lastIndex = pageCount === null ? null : Math.max(pageCount - 1, 0);
  const canPrevious = pageIndex > 0;
  const canNext = lastIndex === null ? hasNextPage : pageIndex < lastIndex;
  const sizes = pageSizeOptions ? [...pageSizeOptions] : pageSizeChoices(pageSize);
  return (
    <nav
      aria-label="Pagination"
      className={cn('flex flex-wrap items-center justify-between gap-3 px-1 py-2 text-[0.8125rem] text-fg-muted', className)}
    >
      <div className="flex items-center gap-2">
        <label htmlFor={sizeId}>Rows per page</label>
        <select
          id={sizeId}
          value={pageSize}
          onChange={(event) => onPageSizeChange(Number(event.target.value))}
          className={selectClass}
        >
          {sizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        {totalRowCount !== undefined && (
          <span aria-live="polite">
            {totalRowCount.toLocaleString()} {totalRowCount === 1 ? 'row' : 'rows'}
          </span>
        )}
      </div>
      <div className="flex items-center gap-1.5">
        <IconButton label="First page" disabled={!canPrevious} onClick={() => onPageIndexChange(0)}>
          <ChevronsLeft className="size-4" aria-hidden="true" />
        </IconButton>
        <IconButton label="Previous page" disabled={!canPrevious} onClick={() => onPageIndexChange(pageIndex - 1)}>
          <ChevronLeft className="size-4" aria-hidden="true" />
        </IconButton>
        <GoToPage pageIndex={pageIndex} pageCount={pageCount} onPageIndexChange={onPageIndexChange} />
        <IconButton label="Next page" disabled={!canNext} onClick={() => onPageIndexChange(pageIndex + 1)}>
          <ChevronRight className="size-4" aria-hidden="true" />
        </IconButton>
        <IconButton
          label="Last page"
          disabled={lastIndex === null || pageIndex >= lastIndex}
          onClick={() => lastIndex !== null && onPageIndexChange(lastIndex)}
        >
          <ChevronsRight className="size-4" aria-hidden="true" />
        </IconButton>
      </div>
    </nav>
  );
}
