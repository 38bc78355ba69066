/**
 * The shell's feature-flag query: a change of a flag refetches it so the shell reacts at once.
 * (Until the shell exports its key, the key is spelled here.)
 */
export const FEATURE_FLAGS_QUERY_KEY = ['feature-flags'] as const;
