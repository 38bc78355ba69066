// What the suspects area offers the screens of checks, components and incidents (see app/resource-extensions.tsx).
export { SuspectChanges } from './suspect-changes';
