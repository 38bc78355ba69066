import { CONNECTION_TYPES, envVarText, isRecord } from '@pharos/core';

/** Fields a Flanksource Connection writes as EnvVar objects (`{value: …}` or `{valueFrom: …}`). */
const ENV_VAR_FIELDS = ['url', 'username', 'password', 'certificate'] as const;


/**
 * The connection row a Flanksource Connection describes: name and namespace from its metadata,
 * EnvVar fields as their values (references as `secret://name/key`), and the type from `type` or from its typed block (`slack: {…}`),
 * whose fields fill the common ones. Fields the row has no place for stay in the applied document.
 */
export function connectionRow(spec: Record<string, unknown>, name: string, namespace: string): Record<string, unknown> {
  const block = CONNECTION_TYPES.find((type) => isRecord(spec[type]));
  const typed = block ? (spec[block] as Record<string, unknown>) : {};
  const row: Record<string, unknown> = { name, namespace, type: spec['type'] ?? block };
  for (const field of ENV_VAR_FIELDS) {
    const value = envVarText(spec[field]) ?? envVarText(typed[field]);
    if (value !== undefined) row[field] = value;
  }
  const insecure = spec['insecure_tls'] ?? spec['insecureTLS'] ?? typed['insecure_tls'] ?? typed['insecureTLS'];
  if (typeof insecure === 'boolean') row['insecure_tls'] = insecure;
  if (isRecord(spec['properties'])) row['properties'] = spec['properties'];
  const allowed = spec['allowedNamespaces'];
  if (allowed !== undefined) row['allowed_namespaces'] = allowed;
  return row;
}
