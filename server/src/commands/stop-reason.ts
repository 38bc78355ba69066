/** Why a signal stopped a command, as its error says it: the abort's own reason ('cancelled by Ada'), or that it timed out. */
export function stopReason(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  if (reason instanceof Error || reason instanceof DOMException) {
    if (reason.name === 'TimeoutError') return 'it timed out';
    if (reason.name !== 'AbortError' && reason.message) return reason.message;
  }
  if (typeof reason === 'string' && reason !== '') return reason;
  return 'it was stopped';
}
