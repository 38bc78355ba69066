import { queryKeys } from '../../../api/query-keys';

/**
 * Everything read from the properties table, the shell's feature flags included: invalidated after
 * a flag changes so the shell reacts at once (as `invalidateFeatureFlags` does).
 */
export const FEATURE_FLAGS_QUERY_KEY = queryKeys.properties.all;
