/**
 * Query-key factories: every key of the query cache is built here, from the broadest (`all`, to
 * invalidate an area) to the most specific.
 */
export const queryKeys = {
  session: {
    all: ['session'] as const,
    whoami: () => [...queryKeys.session.all, 'whoami'] as const,
  },
  identity: {
    all: ['identity'] as const,
    flows: (kind: string) => [...queryKeys.identity.all, 'flow', kind] as const,
    flow: (kind: string, id: string) => [...queryKeys.identity.flows(kind), id] as const,
    /** A flow being created from these parameters (before it has an id). */
    newFlow: (kind: string, params: Readonly<Record<string, string | boolean | undefined>>) =>
      [...queryKeys.identity.flows(kind), 'new', params] as const,
    flowError: (id: string) => [...queryKeys.identity.all, 'error', id] as const,
    logoutFlow: () => [...queryKeys.identity.all, 'logout'] as const,
  },
  about: () => ['about'] as const,
  /** Organization mode: the switcher's list and the current organization's profile. */
  organizations: {
    all: ['organizations'] as const,
    list: () => [...queryKeys.organizations.all, 'list'] as const,
    members: () => [...queryKeys.organizations.all, 'members'] as const,
    invitations: () => [...queryKeys.organizations.all, 'invitations'] as const,
  },
  /** The properties table; its `{feature}.disable` rows are the feature flags the shell reads. */
  properties: {
    all: ['properties'] as const,
    featureFlags: () => [...queryKeys.properties.all, 'feature-flags'] as const,
  },
  /** `POST /api/resources/search` (global search and resource pickers). */
  resourceSearch: {
    all: ['resource-search'] as const,
    term: (search: string, limit: number) => [...queryKeys.resourceSearch.all, { search, limit }] as const,
  },
};
