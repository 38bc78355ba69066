import { Tabs as RadixTabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { cn } from './cn';

export interface TabItem {
  value: string;
  label: ReactNode;
  /** The panel of the tab; leave out to render the panel yourself from the value. */
  content?: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  items: readonly TabItem[];
  /** Accessible name of the tab list. */
  label: string;
  /** Controlled value (ignored when bound to a URL parameter). */
  value?: string;
  /** Initial tab, and with `urlParam` the tab shown while the parameter is absent. Default: the first. */
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Keeps the selected tab in this query parameter (absent for the default tab). */
  urlParam?: string;
  /** Query parameters removed when the tab changes (e.g. `pageIndex`). */
  resetParams?: readonly string[];
  /** Content at the right end of the tab list (e.g. actions of the area). */
  actions?: ReactNode;
  className?: string;
}

const triggerClass =
  '-mb-px inline-flex h-9 cursor-pointer items-center gap-1.5 border-b-2 border-transparent px-3 text-sm font-medium ' +
  'whitespace-nowrap text-fg-muted hover:text-fg focus-visible:outline-offset-[-2px] ' +
  'data-[state=active]:border-accent data-[state=active]:text-fg data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50';

function TabsView({
  items,
  label,
  value,
  defaultValue,
  onValueChange,
  actions,
  className,
}: Omit<TabsProps, 'urlParam' | 'resetParams'>) {
  return (
    <RadixTabs.Root
      value={value}
      defaultValue={value === undefined ? (defaultValue ?? items[0]?.value) : undefined}
      onValueChange={onValueChange}
      className={cn('flex min-h-0 flex-col', className)}
    >
      <div className="flex items-end justify-between gap-3 border-b border-border">
        <RadixTabs.List aria-label={label} className="flex min-w-0 overflow-x-auto">
          {items.map((item) => (
            <RadixTabs.Trigger key={item.value} value={item.value} disabled={item.disabled} className={triggerClass}>
              {item.label}
            </RadixTabs.Trigger>
          ))}
        </RadixTabs.List>
        {actions && <div className="flex items-center gap-2 pb-1">{actions}</div>}
      </div>
      {items.map(
        (item) =>
          item.content !== undefined && (
            <RadixTabs.Content key={item.value} value={item.value} className="min-h-0 flex-1 pt-4 focus-visible:outline-none">
              {item.content}
            </RadixTabs.Content>
          ),
      )}
    </RadixTabs.Root>
  );
}

function UrlTabs({ urlParam, resetParams, defaultValue, onValueChange, ...rest }: TabsProps & { urlParam: string }) {
  const [search, setSearch] = useSearchParams();
  const fallback = defaultValue ?? rest.items[0]?.value ?? '';
  const requested = search.get(urlParam);
  const value = requested !== null && rest.items.some((item) => item.value === requested) ? requested : fallback;
  const change = (next: string) => {
    setSearch((previous) => {
      const params = new URLSearchParams(previous);
      if (next === fallback) params.delete(urlParam);
      else params.set(urlParam, next);
      for (const name of resetParams ?? []) params.delete(name);
      return params;
    });
    onValueChange?.(next);
  };
  return <TabsView {...rest} value={value} onValueChange={change} />;
}

/**
 * Tabs (arrow keys move between them). With `urlParam`, the selected tab lives in the URL and
 * needs a router around it.
 */
export function Tabs(props: TabsProps) {
  const { urlParam, resetParams: _resetParams, ...rest } = props;
  if (urlParam) return <UrlTabs {...props} urlParam={urlParam} />;
  return <TabsView {...rest} />;
}
