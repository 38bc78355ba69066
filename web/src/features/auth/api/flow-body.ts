/** True when a body is a flow (it has an id and a ui container). */
export function isFlowBody(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const candidate = body as { id?: unknown; ui?: { nodes?: unknown } };
  return typeof candidate.id === 'string' && Array.isArray(candidate.ui?.nodes);
}
