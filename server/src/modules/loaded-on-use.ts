import { loadOnce } from './load-once.js';

/**
 * An async function whose module is imported on its first call: for the runners of specs that need a
 * large client library (a cloud SDK), so that a start does not pay for what no spec uses yet.
 */
export function loadedOnUse<Args extends unknown[], Result>(load: () => Promise<(...args: Args) => Promise<Result>>): (...args: Args) => Promise<Result> {
  const loaded = loadOnce(load);
  return async (...args) => (await loaded())(...args);
}
