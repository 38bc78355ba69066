import { DEBOUNCE_MS } from '@pharos/core';
import { Download } from 'lucide-react';
import { Button } from '../../ui/button';
import { ErrorPanel } from '../../ui/error-panel';
import { InlineSelect, type SelectOption } from '../../ui/inline-select';
import { SearchBox } from '../../ui/search-box';
import { Skeleton } from '../../ui/skeleton';
import { TimeRangePicker } from '../../ui/time-range-picker';
import { timeRangeBounds } from '../../ui/time-range-url';
import { toast } from '../../ui/toast/toast-store';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useComponentName, useComponentsWithLogs, useLogsSearch, type ComponentWithLogs, type LogLine } from './api';
import { downloadLogs } from './download-logs';
import { LogViewer } from './log-viewer';
import { LOGS_PARAMS, startParamOf, useLogsParams } from './logs-params';

export const SELECT_COMPONENT_TEXT = 'Please select a component to view the logs';
export const NO_LOGS_TEXT = 'There are no logs matching the search query';

/** The names of a component's log selectors (a selector without a name cannot be chosen by name). */
function selectorNames(component: ComponentWithLogs | undefined): string[] {
  return (component?.logs ?? []).flatMap((selector) => (selector.name ? [selector.name] : []));
}

function EmptyState({ children }: { children: string }) {
  return <p className="rounded-md border border-dashed border-border p-10 text-center text-sm text-fg-muted">{children}</p>;
}

/**
 * /logs (spec 2 §2): pick a component with logs and one of its log selectors, search its lines
 * over a time range; everything lives in the URL (topologyId, logsSelector, query, start).
 */
export function LogsPage() {
  const [params, change] = useLogsParams();
  const components = useComponentsWithLogs();
  const component = components.data?.find((candidate) => candidate.id === params.topologyId);
  const fetchedName = useComponentName(component ? null : params.topologyId);
  const name = component?.name ?? fetchedName.data ?? null;
  const title = name ? `Logs - ${name}` : 'Logs';
  useDocumentTitle(title);

  const selectors = selectorNames(component);
  const selector = params.logsSelector ?? selectors[0];
  const logs = useLogsSearch({
    id: params.topologyId,
    name: selector,
    query: params.query,
    range: startParamOf(params.range),
    bounds: () => timeRangeBounds(params.range),
    ready: !components.isPending,
  });
  const lines: readonly LogLine[] = logs.data?.pages.flatMap((page) => page.results) ?? [];

  const componentOptions: SelectOption[] = (components.data ?? []).map((row) => ({ value: row.id, label: row.name }));
  if (params.topologyId && !component) componentOptions.unshift({ value: params.topologyId, label: name ?? params.topologyId });
  const selectorOptions: SelectOption[] = [...selectors, ...(params.logsSelector && !selectors.includes(params.logsSelector) ? [params.logsSelector] : [])].map(
    (value) => ({ value, label: value }),
  );

  const download = () => {
    try {
      downloadLogs(lines, name);
      toast.success('Downloaded logs');
    } catch (error) {
      console.error(error);
      toast.error('Failed to download logs');
    }
  };

  let body;
  if (!params.topologyId) body = <EmptyState>{SELECT_COMPONENT_TEXT}</EmptyState>;
  else if (logs.isPending) {
    body = (
      <div role="status" aria-label="Loading logs" className="space-y-2">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-12 w-full" />
        ))}
      </div>
    );
  } else if (logs.isError) body = <ErrorPanel error={logs.error} title="Could not load the logs" hideDetails />;
  else if (lines.length === 0) body = <EmptyState>{NO_LOGS_TEXT}</EmptyState>;
  else {
    body = (
      <LogViewer
        lines={lines}
        hasMore={logs.hasNextPage}
        loadingMore={logs.isFetchingNextPage}
        onEndReached={() => {
          if (!logs.isFetchingNextPage) void logs.fetchNextPage();
        }}
      />
    );
  }

  return (
    <main className="flex flex-col gap-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="min-w-0 truncate text-lg font-semibold">{title}</h1>
        <Button size="sm" variant="secondary" onClick={download} disabled={lines.length === 0 || logs.isError}>
          <Download className="size-4" aria-hidden="true" />
          Download
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-3" aria-busy={logs.isFetching || undefined}>
        <InlineSelect
          label="Component"
          placeholder="Select a component"
          value={params.topologyId ?? ''}
          options={componentOptions}
          onChange={(topologyId) => change({ topologyId: topologyId || null })}
        />
        <InlineSelect
          label="Log selector"
          value={selector ?? ''}
          options={selectorOptions}
          disabled={selectorOptions.length === 0}
          onChange={(logsSelector) => change({ logsSelector: logsSelector || null })}
        />
        <SearchBox label="Search logs" placeholder="Search" urlParam={LOGS_PARAMS.query} delay={DEBOUNCE_MS.logsQuery} className="w-72" />
        <TimeRangePicker value={params.range} onChange={(range) => change({ range })} />
      </div>
      {body}
    </main>
  );
}
