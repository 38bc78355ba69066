// What the incidents area offers the screens of checks, components and configs (see app/resource-extensions.tsx).
export { LinkToIncidentDialog } from './link/link-to-incident-dialog';
export { RelatedIncidents } from './related/related-incidents';
