/** A kubeconfig that points kubectl-style clients at Pharos with a fresh access token of the caller. */

export const KUBECONFIG_FILENAME = 'pharos-kubeconfig.yaml';
export const KUBECONFIG_TOKEN_NAME = 'kubeconfig';
export const KUBECONFIG_TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const CLUSTER_NAME = 'pharos';

export interface KubeconfigInput {
  /** Base URL of Pharos, without a trailing slash. */
  server: string;
  token: string;
  /** Name of the user entry, e.g. the caller's email. */
  user: string;
  expiresAt: Date;
}

/** A YAML double-quoted scalar: JSON string escapes are valid YAML escapes. */
function quote(value: string): string {
  return JSON.stringify(value);
}

/** The kubeconfig YAML: one cluster, one token user and a current context joining them. */
export function renderKubeconfig(input: KubeconfigInput): string {
  const user = quote(input.user);
  const cluster = quote(CLUSTER_NAME);
  return [
    `# Pharos at ${input.server}`,
    `# The token belongs to ${input.user} and expires ${input.expiresAt.toISOString()}.`,
    'apiVersion: v1',
    'kind: Config',
    'clusters:',
    `  - name: ${cluster}`,
    '    cluster:',
    `      server: ${quote(input.server)}`,
    'users:',
    `  - name: ${user}`,
    '    user:',
    `      token: ${quote(input.token)}`,
    'contexts:',
    `  - name: ${cluster}`,
    '    context:',
    `      cluster: ${cluster}`,
    `      user: ${user}`,
    `current-context: ${cluster}`,
    'preferences: {}',
    '',
  ].join('\n');
}

/** `PHAROS_PUBLIC_URL` checked and without trailing slashes; undefined when unset or blank. */
export function publicUrlFrom(raw: string | undefined): string | undefined {
  const trimmed = raw?.trim();
  if (!trimmed) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new Error(`PHAROS_PUBLIC_URL must be an absolute http(s) URL, got "${trimmed}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`PHAROS_PUBLIC_URL must be an http(s) URL, got "${trimmed}"`);
  }
  return url.toString().replace(/\/+$/, '');
}
