/** Texts of spec 2 §2 and §8 for the topology screens. */
export const TOPOLOGY_MESSAGES = {
  empty: 'There are no components matching this criteria',
  loadFailed: 'Unable to load components!',
  multiple: 'Response has multiple components for the id.',
  notFound: 'Component not found',
  configLinked: 'config link successful',
  snapshotFailed: 'Error downloading file',
} as const;
