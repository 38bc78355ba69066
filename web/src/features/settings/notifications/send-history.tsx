import { formatDuration, pageCount } from '@pharos/core';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { Fragment, useState } from 'react';
import { Button } from '../../../ui/button';
import { TABLE_EMPTY_TEXT, TABLE_LOADING_TEXT } from '../../../ui/data-table';
import { DateTime } from '../../../ui/date-time';
import { TablePagination } from '../../../ui/table-pagination';
import { HISTORY_PAGE_SIZE, useSendHistory } from './history-api';
import { SendStatusBadge } from './send-status';
import type { SendHistoryRow } from './types';

const HEADERS = ['', 'Status', 'Resource', 'Recipient', 'Error', 'Duration', 'Attempts', 'Created At', ''];
const cell = 'px-2 py-1.5 align-top';

interface SendHistoryProps {
  notificationId: string;
  /** Offered on failed sends when the user may write notifications. */
  onSilence?: (send: SendHistoryRow) => void;
}

/** The sends of one notification, newest first, each opening to its rendered body. */
export function SendHistory({ notificationId, onSilence }: SendHistoryProps) {
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(HISTORY_PAGE_SIZE);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const history = useSendHistory(notificationId, pageIndex, pageSize);
  const rows = history.data?.rows ?? [];
  const total = history.data?.total ?? 0;

  const toggle = (id: string) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="flex flex-col gap-2">
      <div className="overflow-auto rounded-md border border-border">
        <table aria-label="Send History" aria-busy={history.isFetching || undefined} className="w-full text-[0.8125rem]">
          <thead className="bg-surface-muted text-left text-fg-muted">
            <tr>
              {HEADERS.map((header, index) => (
                <th key={index} scope="col" className={`${cell} font-medium`}>
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {rows.length === 0 && (
              <tr>
                <td colSpan={HEADERS.length} className="px-2 py-6 text-center text-fg-muted">
                  {history.isPending ? TABLE_LOADING_TEXT : TABLE_EMPTY_TEXT}
                </td>
              </tr>
            )}
            {rows.map((row) => {
              const expanded = open.has(row.id);
              return (
                <Fragment key={row.id}>
                  <tr data-send={row.id}>
                    <td className={cell}>
                      <button
                        type="button"
                        aria-expanded={expanded}
                        aria-label={expanded ? 'Hide body' : 'Show body'}
                        className="cursor-pointer text-fg-muted hover:text-fg"
                        onClick={() => toggle(row.id)}
                      >
                        {expanded ? <ChevronDown className="size-4" aria-hidden="true" /> : <ChevronRight className="size-4" aria-hidden="true" />}
                      </button>
                    </td>
                    <td className={cell}>
                      <SendStatusBadge status={row.status} />
                    </td>
                    <td className={cell}>
                      {row.resource_type && <span className="text-fg-muted">{row.resource_type} </span>}
                      <span className="font-mono">{row.resource_name ?? row.resource_id ?? ''}</span>
                    </td>
                    <td className={cell}>{row.recipient}</td>
                    <td className={`${cell} max-w-xs font-mono text-xs break-words text-danger`}>{row.error}</td>
                    <td className={`${cell} tabular-nums`}>{row.duration_millis === null ? '' : formatDuration(row.duration_millis)}</td>
                    <td className={`${cell} tabular-nums`}>{row.attempts ?? ''}</td>
                    <td className={cell}>
                      <DateTime value={row.created_at} />
                    </td>
                    <td className={cell}>
                      {row.status === 'failed' && onSilence && (
                        <Button size="sm" variant="secondary" onClick={() => onSilence(row)}>
                          Silence
                        </Button>
                      )}
                    </td>
                  </tr>
                  {expanded && (
                    <tr>
                      <td colSpan={HEADERS.length} className="bg-surface-muted px-4 py-3">
                        {row.title && <p className="mb-1 font-semibold">{row.title}</p>}
                        <pre aria-label="Body" className="font-mono text-xs whitespace-pre-wrap">
                          {row.body ?? 'No body was rendered for this send.'}
                        </pre>
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
      <TablePagination
        pageIndex={pageIndex}
        pageSize={pageSize}
        pageCount={pageCount(total, pageSize)}
        totalRowCount={total}
        onPageIndexChange={setPageIndex}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPageIndex(0);
        }}
      />
    </div>
  );
}
