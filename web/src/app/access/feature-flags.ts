import { disabledFeatures, type Feature, type FeatureProperty } from '@pharos/core';
import { PostgrestClient } from '@supabase/postgrest-js';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { baseFetch } from '../../api/http';
import { DB_PATH } from '../../api/postgrest';
import { queryKeys } from '../../api/query-keys';

/**
 * The flags are loaded at start, in parallel with the session check: a 401 must not redirect by
 * itself (the auth gate decides from the session), so this client calls through `baseFetch`, the
 * HTTP client's layer without the session handling.
 */
const flagsDb = new PostgrestClient(new URL(DB_PATH, window.location.origin).href, { fetch: baseFetch, retry: false });

/** The flag rows of the properties table: `{feature}.disable` = 'true' switches a feature off. */
export async function fetchFeatureProperties(signal?: AbortSignal): Promise<FeatureProperty[]> {
  let request = flagsDb.from('properties').select('name,value').like('name', '*.disable');
  if (signal) request = request.abortSignal(signal);
  const { data } = await request.throwOnError();
  return (data ?? []) as FeatureProperty[];
}

/** One query for the whole app; invalidate `queryKeys.properties.all` after changing a property. */
export const featureFlagsQuery = queryOptions({
  queryKey: queryKeys.properties.featureFlags(),
  queryFn: ({ signal }) => fetchFeatureProperties(signal),
  staleTime: 60_000,
  meta: { errorToast: false },
});

export interface FeatureFlags {
  /** The flag properties as loaded. */
  properties: readonly FeatureProperty[];
  /** Features switched off, directly or through a disabled parent. */
  disabled: ReadonlySet<Feature>;
  isEnabled: (feature: Feature) => boolean;
  /** True when every one of the features is enabled. */
  allEnabled: (features: readonly Feature[]) => boolean;
}

const cache = new WeakMap<readonly FeatureProperty[], FeatureFlags>();

/** The flags of a list of properties (memoised per list, so a query result maps to one object). */
export function featureFlagsOf(properties: readonly FeatureProperty[]): FeatureFlags {
  const known = cache.get(properties);
  if (known) return known;
  const disabled = disabledFeatures(properties);
  const flags: FeatureFlags = {
    properties,
    disabled,
    isEnabled: (feature) => !disabled.has(feature),
    allEnabled: (features) => features.every((feature) => !disabled.has(feature)),
  };
  cache.set(properties, flags);
  return flags;
}

const NO_PROPERTIES: readonly FeatureProperty[] = [];

/**
 * The feature flags. `flags` treats every feature as enabled until the properties have loaded;
 * the shell renders routes only once `isSuccess` (routes wait for the flags).
 */
export function useFeatureFlags() {
  const query = useQuery(featureFlagsQuery);
  return { ...query, flags: featureFlagsOf(query.data ?? NO_PROPERTIES) };
}

/** Makes a change to the properties table take effect at once (the shell and every screen). */
export function invalidateFeatureFlags(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.properties.all });
}
