import type { UseQueryResult } from '@tanstack/react-query';
import type { SettingsResource } from '../../api/settings-resources';
import { ErrorPanel } from '../error-panel';
import { Skeleton } from '../skeleton';
import { Tabs, type TabItem } from '../tabs';
import { toast } from '../toast/toast-store';

export interface ResourceDetailTabsProps {
  /** The resource as `useSettingsResource` loads it. */
  resource: UseQueryResult<SettingsResource | null>;
  /** What the resource is, e.g. 'Catalog Scraper', for the errors and the tabs' label. */
  noun: string;
  /** The tabs of the loaded resource. */
  tabs: (resource: SettingsResource) => TabItem[];
}

/**
 * A settings resource's detail tabs (Spec, Job History, …), with a skeleton while it loads and an
 * error when it could not be loaded or is not there. Leaving a tab drops the job history's paging.
 */
export function ResourceDetailTabs({ resource, noun, tabs }: ResourceDetailTabsProps) {
  if (resource.isPending) {
    return (
      <div role="status" aria-label="Loading" className="space-y-3">
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-80 w-full" />
      </div>
    );
  }
  if (resource.isError) return <ErrorPanel error={resource.error} title={`Could not load the ${noun.toLowerCase()}`} hideDetails />;
  if (!resource.data) return <ErrorPanel error="No resources found" title={`${noun} not found`} hideDetails />;
  return <Tabs label={`${noun} details`} urlParam="tab" resetParams={['pageIndex', 'pageSize', 'job']} items={tabs(resource.data)} />;
}

/** Says a resource was saved, then goes on (e.g. back to its list). */
export function toastSaved(name: string, then: () => void): void {
  toast.success(`${name} updated successfully`);
  then();
}
