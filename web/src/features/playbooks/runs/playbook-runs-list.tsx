import { INFINITE_SCROLL_THRESHOLD_PX } from '@pharos/core';
import type { UIEvent } from 'react';
import { Link } from 'react-router';
import { ErrorPanel } from '../../../ui/error-panel';
import { linkClass } from '../../../ui/link-styles';
import { RelativeTime } from '../../../ui/relative-time';
import { Skeleton } from '../../../ui/skeleton';
import type { RunTarget } from '../api';
import { RunStatusBadge } from './run-status';
import { useResourceRuns } from './runs-api';

export interface PlaybookRunsListProps {
  /** The config or component whose runs are listed. */
  target: Pick<RunTarget, 'config_id' | 'component_id'>;
  /** Runs a page: 200 on a config's Playbooks tab, 50 in the component side panel (spec 2 §9). */
  pageSize: number;
  /** Height the list scrolls within (CSS length). */
  maxHeight?: string;
}

/**
 * The runs on a config or component, newest first, each opening its run: a page at a time, the next
 * one loaded when the list scrolls within 300 px of its end.
 */
export function PlaybookRunsList({ target, pageSize, maxHeight = '16rem' }: PlaybookRunsListProps) {
  const runs = useResourceRuns(target, pageSize);
  const list = runs.data?.pages.flat() ?? [];
  const more = () => {
    if (runs.hasNextPage && !runs.isFetchingNextPage) void runs.fetchNextPage();
  };
  const onScroll = (event: UIEvent<HTMLElement>) => {
    const element = event.currentTarget;
    if (element.scrollHeight - element.scrollTop - element.clientHeight < INFINITE_SCROLL_THRESHOLD_PX) more();
  };
  if (runs.isPending) return <Skeleton className="h-8 w-full" />;
  if (runs.isError) return <ErrorPanel error={runs.error} hideDetails />;
  if (list.length === 0) return <p className="text-sm text-fg-muted">No playbook has run on this {target.config_id ? 'config' : 'component'}.</p>;
  return (
    <div className="flex flex-col gap-2">
      <ul aria-label="Playbook runs" onScroll={onScroll} style={{ maxHeight }} className="flex flex-col gap-1 overflow-auto">
        {list.map((run) => (
          <li key={run.id} className="flex min-w-0 items-center gap-2 text-sm">
            <Link to={`/playbooks/runs/${encodeURIComponent(run.id)}`} className={`${linkClass} min-w-0 flex-1 truncate`}>
              {run.playbook?.title ?? run.id}
            </Link>
            <RunStatusBadge status={run.status} className="shrink-0" />
            <RelativeTime value={run.start_time ?? run.created_at} className="shrink-0 text-xs text-fg-muted" />
          </li>
        ))}
      </ul>
      {runs.hasNextPage && (
        <button type="button" onClick={more} disabled={runs.isFetchingNextPage} className={`${linkClass} cursor-pointer self-start text-xs`}>
          {runs.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      )}
    </div>
  );
}
