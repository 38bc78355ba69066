/**
 * A mission-control resource as /api/apply and `pharos apply` take it: `spec` (YAML) indented under
 * `spec:`, ending in a newline so several join with '---\n'.
 */
export function manifest(kind: string, metadata: { name: string; namespace?: string }, spec: string): string {
  const namespace = metadata.namespace ? `  namespace: ${metadata.namespace}\n` : '';
  const body = spec
    .trim()
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
  return `apiVersion: mission-control.flanksource.com/v1\nkind: ${kind}\nmetadata:\n  name: ${metadata.name}\n${namespace}spec:\n${body}\n`;
}
