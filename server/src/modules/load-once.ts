/**
 * A module imported on first use and kept: for a client library that only some requests need, so a
 * start does not pay for it.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}
