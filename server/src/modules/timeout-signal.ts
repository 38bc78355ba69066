/**
 * A signal that aborts after `ms` with a TimeoutError, as `AbortSignal.timeout` does, but kept alive by
 * its own timer. Node 20 holds the signals given to `AbortSignal.any` weakly: a garbage collection
 * then takes an `AbortSignal.timeout` and its timer with it, and the deadline never comes.
 */
export function timeoutSignal(ms: number): AbortSignal {
  const controller = new AbortController();
  setTimeout(() => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), ms).unref();
  return controller.signal;
}
