import { lazy, Suspense, type ComponentType } from 'react';
import type { JobHistorySlotProps, LinkToIncidentProps, ResourceExtensions, ResourceRef, ScraperFormSlotProps, SuspectChangesProps } from '../ui/resource-extensions';

/** An area's piece loaded with the first screen that shows it, so the shell's first load stays small. */
function deferred<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  const Deferred = (props: P) => (
    <Suspense fallback={null}>
      <Lazy {...props} />
    </Suspense>
  );
  return Deferred;
}

const playbooks = () => import('../features/playbooks/extensions');
const suspects = () => import('../features/suspects/extensions');
const incidents = () => import('../features/incidents/extensions');
const scrapers = () => import('../features/catalog/scrapers/scraper-form');
const expressions = () => import('../features/expressions/expression-playground');
const settings = () => import('../features/settings/extensions');

/** The pieces areas offer the screens of the others (see ui/resource-extensions.tsx). */
export const RESOURCE_EXTENSIONS: ResourceExtensions = {
  PlaybooksMenu: deferred<{ target: ResourceRef }>(() => playbooks().then((m) => m.PlaybooksMenu)),
  AvailablePlaybooks: deferred<{ target: ResourceRef }>(() => playbooks().then((m) => m.AvailablePlaybooks)),
  SuggestedFixes: deferred<{ target: ResourceRef }>(() => playbooks().then((m) => m.SuggestedFixes)),
  SuspectChanges: deferred<SuspectChangesProps>(() => suspects().then((m) => m.SuspectChanges)),
  PlaybookRuns: deferred<{ target: ResourceRef; pageSize: number; maxHeight?: string }>(() => playbooks().then((m) => m.PlaybookRunsList)),
  LinkToIncident: deferred<LinkToIncidentProps>(() => incidents().then((m) => m.LinkToIncidentDialog)),
  RelatedIncidents: deferred<{ target: ResourceRef }>(() => incidents().then((m) => m.RelatedIncidents)),
  ScraperForm: deferred<ScraperFormSlotProps>(() => scrapers().then((m) => m.ScraperForm)),
  ExpressionPlayground: deferred<object>(() => expressions().then((m) => m.ExpressionPlayground)),
  JobHistory: deferred<JobHistorySlotProps>(() => settings().then((m) => m.JobHistoryTab)),
};
