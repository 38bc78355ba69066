import type { CheckSummary } from '@pharos/core';
import { Fragment } from 'react';
import { RelativeTime } from '../../ui/relative-time';
import { TablePagination } from '../../ui/table-pagination';
import { CheckAgent, HealthDot, HealthText, LatencyText, UptimeBar } from './check-columns';
import type { CheckGroup } from './check-groups';
import type { HealthRow } from './check-rows';
import { usePageSlice } from './use-page-slice';

interface CardItem {
  check: CheckSummary;
  title: string;
  group: CheckGroup | null;
}

/** The checks of the rows (every group open), each with the group it sits in. */
function cardItems(rows: readonly HealthRow[]): CardItem[] {
  const items: CardItem[] = [];
  let group: CheckGroup | null = null;
  for (const row of rows) {
    if (row.kind === 'group') group = row.group;
    else items.push({ check: row.check, title: row.title, group: row.depth === 1 ? group : null });
  }
  return items;
}

function CheckCard({ item, onOpen }: { item: CardItem; onOpen: (check: CheckSummary) => void }) {
  const { check } = item;
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(check)}
        aria-label={check.name}
        className="flex h-full w-full cursor-pointer flex-col gap-2 rounded-lg border border-border bg-surface p-3 text-left shadow-xs hover:border-accent focus-visible:border-accent"
      >
        <span className="flex min-w-0 items-center gap-2 font-medium">
          <HealthDot status={check.status} />
          <span className="truncate">{item.title}</span>
          {check.agent_id && <CheckAgent agentId={check.agent_id} />}
        </span>
        <span className="truncate text-xs text-fg-muted">
          {check.canary_name}
          {check.endpoint ? ` · ${check.endpoint}` : ''}
        </span>
        <span className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
          <HealthText status={check.status} />
          <UptimeBar uptime={check.uptime} />
          <span>
            Latency <LatencyText ms={check.latency.p95} />
          </span>
          <RelativeTime value={check.last_transition_time} fallback="–" />
        </span>
      </button>
    </li>
  );
}

/** The card layout: a card per check (a page of them), under the heading of its group with the group's health. */
export function CheckCards({ rows, onOpen }: { rows: readonly HealthRow[]; onOpen: (check: CheckSummary) => void }) {
  const items = cardItems(rows);
  const { url, page } = usePageSlice(items);
  const sections: { group: CheckGroup | null; items: CardItem[] }[] = [];
  for (const item of page) {
    const last = sections.at(-1);
    if (last && last.group === item.group) last.items.push(item);
    else sections.push({ group: item.group, items: [item] });
  }
  return (
    <div className="flex flex-col gap-4">
      {sections.map((section, index) => (
        <Fragment key={`${section.group?.key ?? ''}:${index}`}>
          {section.group && (
            <h3 className="flex items-center gap-2 text-sm font-semibold">
              <HealthDot status={section.group.aggregate.status} />
              {section.group.key}
              <span className="font-normal text-fg-muted">({section.group.checks.length})</span>
            </h3>
          )}
          <ul aria-label={section.group ? section.group.key : 'Checks'} className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {section.items.map((item) => (
              <CheckCard key={item.check.id} item={item} onOpen={onOpen} />
            ))}
          </ul>
        </Fragment>
      ))}
      <TablePagination
        pageIndex={url.pageIndex}
        pageSize={url.pageSize}
        pageCount={Math.max(Math.ceil(items.length / url.pageSize), 1)}
        totalRowCount={items.length}
        onPageIndexChange={url.setPageIndex}
        onPageSizeChange={url.setPageSize}
      />
    </div>
  );
}
