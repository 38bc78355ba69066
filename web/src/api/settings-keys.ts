/**
 * Query keys of the settings screens, from the broadest (an area, to invalidate it) to the most
 * specific, in the scheme of `api/query-keys.ts`.
 */
export const settingsKeys = {
  all: ['settings'] as const,
  /** Everything read from one settings table (the 'settings, {table}' family). */
  table: (table: string) => [...settingsKeys.all, table] as const,
  list: (table: string, params: Readonly<Record<string, string | number | boolean | null>>) =>
    [...settingsKeys.table(table), 'list', params] as const,
  detail: (table: string, id: string) => [...settingsKeys.table(table), 'detail', id] as const,
  jobHistory: (resourceId: string, params: Readonly<Record<string, string | number | boolean | null>>) =>
    [...settingsKeys.all, 'job_histories', resourceId, params] as const,
  /** The run a list row shows, by its resource and start. */
  listedRun: (resourceId: string | null, timeStart: string | null) => [...settingsKeys.all, 'job_histories', resourceId, 'listed', timeStart] as const,
  /** The jobs screen: `job_histories` filtered and paged, and the job names of its filter. */
  jobs: {
    all: () => [...settingsKeys.all, 'jobs'] as const,
    list: (params: Readonly<Record<string, string | number | boolean | null>>) => [...settingsKeys.jobs.all(), 'list', params] as const,
    names: () => [...settingsKeys.jobs.all(), 'names'] as const,
    run: (id: string) => [...settingsKeys.jobs.all(), 'run', id] as const,
  },
  eventQueue: () => [...settingsKeys.all, 'event_queue_summary'] as const,
  schema: (name: string) => ['schemas', name] as const,
  users: {
    all: () => [...settingsKeys.all, 'users'] as const,
    list: (params: Readonly<Record<string, number | boolean>>) => [...settingsKeys.users.all(), 'list', params] as const,
  },
  people: () => ['people'] as const,
  teamMembers: (teamId: string) => [...settingsKeys.table('teams'), teamId, 'members'] as const,
};
