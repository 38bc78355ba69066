import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

/** The resource a piece of another area acts on: one of a check, a component or a config. */
export interface ResourceRef {
  check_id?: string;
  component_id?: string;
  config_id?: string;
}

/** Link to incident's trigger and dialog for a resource: `description` names the evidence, `lines` are a config's selected lines. */
export interface LinkToIncidentProps {
  target: ResourceRef;
  description: string;
  lines?: readonly number[];
  /** A small button with an icon, for side panels. */
  compact?: boolean;
}

/** What suspect changes are ranked for: a failing check, an unhealthy component or an incident. */
export interface SuspectAnchor {
  check_id?: string;
  component_id?: string;
  incident_id?: string;
}

/** A ranked change as a screen of another area acts on it (to add it as evidence). */
export interface SuspectChangeRef {
  id: string;
  config_id: string;
  config_name: string | null;
  change_type: string;
  summary: string | null;
}

/** The 'Suspect changes' section; with `onAdd`, each change has a button that hands it over (e.g. to add it as evidence). */
export interface SuspectChangesProps {
  anchor: SuspectAnchor;
  onAdd?: (change: SuspectChangeRef) => void;
  /** The label of that button. */
  addLabel?: string;
  /** Changes already handed over, whose button is disabled. */
  added?: ReadonlySet<string>;
}

/** A catalog scraper as its form edits it: a row of config_scrapers. */
export interface ScraperRow {
  id: string;
  name: string | null;
  created_at: string;
  [column: string]: unknown;
}

/** The catalog scraper form: a new scraper when `scraper` is absent. */
export interface ScraperFormSlotProps {
  scraper?: ScraperRow;
  onSaved: (saved: { id: string | null; name: string }, created: boolean) => void;
  onDeleted?: (name: string) => void;
  /** Actions before Save (Cancel in an Add dialog). */
  secondaryActions?: ReactNode;
}

/** The resource whose runs the Job History tab lists: its id and the resource type its jobs record. */
export interface JobHistorySlotProps {
  resourceId: string;
  resourceType: string;
}

/**
 * What one area offers the screens of the others, which may not import it (a feature folder is a
 * room): the app fills these from the areas that build them, and a screen renders what is there.
 */
export interface ResourceExtensions {
  /** A menu of the playbooks that can run on the resource, each opening the Run playbook modal. */
  PlaybooksMenu?: ComponentType<{ target: ResourceRef }>;
  /** The playbooks that can run on the resource as a list, each with Run. */
  AvailablePlaybooks?: ComponentType<{ target: ResourceRef }>;
  /** 'Suggested fixes': the playbooks that match the resource, those that fixed it most often before first, each with Run. */
  SuggestedFixes?: ComponentType<{ target: ResourceRef }>;
  /** 'Suspect changes': the catalog changes ranked as causes of a check's failure, a component's or an incident's, each with its diff. */
  SuspectChanges?: ComponentType<SuspectChangesProps>;
  /** The playbook runs on the resource, a page at a time as it scrolls. */
  PlaybookRuns?: ComponentType<{ target: ResourceRef; pageSize: number; maxHeight?: string }>;
  /** Link to incident: adds the resource as evidence to an incident the person picks. */
  LinkToIncident?: ComponentType<LinkToIncidentProps>;
  /** The incidents whose evidence points at a config or a component. */
  RelatedIncidents?: ComponentType<{ target: ResourceRef }>;
  /** The catalog's scraper form, with its Save/Update, Delete and 'Linked to' banner. */
  ScraperForm?: ComponentType<ScraperFormSlotProps>;
  /** 'Try an expression': a dialog to write CEL or a template against sample variables and see the result. */
  ExpressionPlayground?: ComponentType;
  /** The Job History tab of a resource whose jobs record runs: its runs, newest first, each opening its details. */
  JobHistory?: ComponentType<JobHistorySlotProps>;
}

const ResourceExtensionsContext = createContext<ResourceExtensions>({});

export function ResourceExtensionsProvider({ value, children }: { value: ResourceExtensions; children: ReactNode }) {
  return <ResourceExtensionsContext.Provider value={value}>{children}</ResourceExtensionsContext.Provider>;
}

export function useResourceExtensions(): ResourceExtensions {
  return useContext(ResourceExtensionsContext);
}
