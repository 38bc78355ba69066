import { CONNECTION_BLOCKS, envVarText, isRecord, isRowColumn, typedBlocksIn, type BlockFieldKind, type ConnectionBlock } from '@pharos/core';

/** Fields a Flanksource Connection writes as EnvVar objects (`{value: …}` or `{valueFrom: …}`). */
const ENV_VAR_FIELDS = ['url', 'username', 'password', 'certificate'] as const;

/** Values of a block's field that mission-control spells differently from Pharos (smtp `auth: plain`). */
const SPELLINGS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  authMethod: { none: 'None', plain: 'Plain', oauth2: 'OAuth2' },
};

function at(block: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (isRecord(node) ? node[key] : undefined), block);
}

function kindAt(fields: ConnectionBlock['fields'], path: string): BlockFieldKind | undefined {
  return path.split('.').reduce<BlockFieldKind | undefined>((kind, key) => (kind !== undefined && typeof kind === 'object' ? kind[key] : undefined), fields);
}

/** A block field's value as the row keeps it: text, lists joined by commas, objects as JSON. */
function textOf(value: unknown, kind: BlockFieldKind | undefined): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (kind === 'envVar') return envVarText(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (kind === 'strings' && Array.isArray(value)) return value.map(String).join(',');
  return JSON.stringify(value);
}

/** The row columns and properties a typed block fills, with the block's defaults and derived url. */
function blockRow(block: ConnectionBlock, written: Record<string, unknown>): { columns: Record<string, unknown>; properties: Record<string, string> } {
  const columns: Record<string, unknown> = {};
  const properties: Record<string, string> = {};
  for (const [path, target] of Object.entries(block.to)) {
    const value = at(written, path);
    if (target === 'insecure_tls') {
      if (typeof value === 'boolean') columns[target] = value;
      continue;
    }
    const text = textOf(value, kindAt(block.fields, path));
    if (text === undefined) continue;
    const spelled = SPELLINGS[target]?.[text.toLowerCase()] ?? text;
    if (isRowColumn(target)) columns[target] = spelled;
    else properties[target] = spelled;
  }
  for (const [key, value] of Object.entries(block.defaults ?? {})) properties[key] ??= value;
  if (columns['url'] === undefined) {
    const url = block.url?.({ properties });
    if (url !== undefined) columns['url'] = url;
  }
  return { columns, properties };
}

/**
 * The connection row a Flanksource Connection describes: name and namespace from its metadata,
 * EnvVar fields as their values (references as `secret://name/key`), and the type and fields of its
 * typed block (`smtp: {…}`, `slack: {…}` …, see CONNECTION_BLOCKS), which win over the flat ones as in
 * mission-control. Fields the row has no place for stay in the applied document.
 */
export function connectionRow(spec: Record<string, unknown>, name: string, namespace: string): Record<string, unknown> {
  const blockName = typedBlocksIn(spec)[0];
  const block = blockName === undefined ? undefined : CONNECTION_BLOCKS[blockName];
  const written = blockName !== undefined && isRecord(spec[blockName]) ? spec[blockName] : {};
  const row: Record<string, unknown> = { name, namespace, type: block?.type ?? spec['type'] };
  for (const field of ENV_VAR_FIELDS) {
    const value = envVarText(spec[field]);
    if (value !== undefined) row[field] = value;
  }
  const insecure = spec['insecure_tls'] ?? spec['insecureTLS'];
  if (typeof insecure === 'boolean') row['insecure_tls'] = insecure;
  const properties: Record<string, unknown> = isRecord(spec['properties']) ? { ...spec['properties'] } : {};
  const port = envVarText(spec['port']);
  if (port !== undefined) properties['port'] ??= port;
  if (block) {
    const filled = blockRow(block, written);
    Object.assign(row, filled.columns);
    Object.assign(properties, filled.properties);
  }
  if (Object.keys(properties).length > 0) row['properties'] = properties;
  const allowed = spec['allowedNamespaces'] ?? spec['allowed_namespaces'];
  if (allowed !== undefined) row['allowed_namespaces'] = allowed;
  return row;
}

/** Problems of a Connection as written, before its row is made: one typed block at most, and a type. */
export function connectionSpecProblems(spec: Record<string, unknown>): { path: (string | number)[]; reason: string }[] {
  const blocks = typedBlocksIn(spec);
  if (blocks.length > 1) {
    return [{ path: [blocks[1]!], reason: `a Connection holds one typed block, but this one has ${blocks.join(' and ')}: write each as a Connection of its own` }];
  }
  if (blocks.length === 0 && spec['type'] === undefined) {
    return [{ path: ['type'], reason: `type is required, or one typed block such as smtp, http, postgres, slack (one of ${Object.keys(CONNECTION_BLOCKS).join(', ')})` }];
  }
  return [];
}
