import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useMatches } from 'react-router';
import { crumbsOf, type Crumb } from './route-handle';

interface BreadcrumbState {
  override: Crumb[] | null;
  setOverride: (crumbs: Crumb[] | null) => void;
}

const BreadcrumbContext = createContext<BreadcrumbState | null>(null);

/** Holds the breadcrumb a screen sets; without one the route's own breadcrumb shows. */
export function BreadcrumbProvider({ children }: { children: ReactNode }) {
  const [override, setOverride] = useState<Crumb[] | null>(null);
  return <BreadcrumbContext value={{ override, setOverride }}>{children}</BreadcrumbContext>;
}

/**
 * Sets the header's breadcrumb while the calling screen is shown, e.g.
 * `useBreadcrumb([{ label: 'Incidents', to: '/incidents' }, { label: incident.title }])`.
 * Pass null to keep the route's breadcrumb (e.g. while the data loads).
 */
export function useBreadcrumb(crumbs: readonly Crumb[] | null): void {
  const setOverride = useContext(BreadcrumbContext)?.setOverride;
  // Compared by value, so a screen may pass a new array on every render.
  const key = crumbs ? JSON.stringify(crumbs) : null;
  useEffect(() => {
    if (!setOverride || key === null) return;
    setOverride(JSON.parse(key) as Crumb[]);
    return () => setOverride(null);
  }, [setOverride, key]);
}

/** The breadcrumb to show: the screen's own, else the route's. */
export function useCurrentBreadcrumb(): Crumb[] {
  const override = useContext(BreadcrumbContext)?.override ?? null;
  const matches = useMatches();
  return override ?? crumbsOf(matches);
}
