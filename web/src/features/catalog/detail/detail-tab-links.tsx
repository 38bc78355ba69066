import { formatCount } from '@pharos/core';
import { Link } from 'react-router';
import { cn } from '../../../ui/cn';
import type { ConfigSummaryCounts } from './detail-api';
import { DETAIL_TAB_COUNTS, DETAIL_TAB_LABELS, DETAIL_TABS, tabPath, type DetailTab } from './detail-tabs';

const tabClass =
  '-mb-px inline-flex h-9 items-center gap-1.5 border-b-2 border-transparent px-3 text-sm font-medium whitespace-nowrap ' +
  'text-fg-muted hover:text-fg focus-visible:outline-offset-[-2px]';

/** The tabs as links (each is a route), each label with its count from the config summary. */
export function DetailTabLinks({ id, current, counts }: { id: string; current: DetailTab; counts: ConfigSummaryCounts | null }) {
  return (
    <nav aria-label="Config tabs" className="flex overflow-x-auto border-b border-border">
      {DETAIL_TABS.map((tab) => {
        const countKey = DETAIL_TAB_COUNTS[tab];
        const count = countKey && counts ? counts[countKey] : null;
        return (
          <Link
            key={tab}
            to={tabPath(id, tab)}
            aria-current={tab === current ? 'page' : undefined}
            className={cn(tabClass, tab === current && 'border-accent text-fg')}
          >
            {DETAIL_TAB_LABELS[tab]}
            {count !== null && (
              <span className="rounded-full bg-surface-muted px-1.5 text-xs tabular-nums text-fg-muted" aria-label={`${count}`}>
                {formatCount(count)}
              </span>
            )}
          </Link>
        );
      })}
    </nav>
  );
}
