import { isRecord } from '../guards.js';

/**
 * A secret-or-value field (spec 3, section 3): a static value, or a reference to a key of a secret
 * or a config map. References are written as text, `secret://name/key` or `configmap://name/key`,
 * which is also how the Flanksource object form (`valueFrom.secretKeyRef`) is stored.
 */
export type EnvVarMode = 'Static' | 'Secret' | 'ConfigMap';
export const ENV_VAR_MODES: readonly EnvVarMode[] = ['Static', 'Secret', 'ConfigMap'];

export type EnvVarValue = { mode: 'Static'; value: string } | { mode: 'Secret' | 'ConfigMap'; name: string; key: string };

const SCHEMES: Readonly<Record<'Secret' | 'ConfigMap', string>> = { Secret: 'secret://', ConfigMap: 'configmap://' };

/** An existing value, parsed back into its mode. */
export function parseEnvVar(text: string | null | undefined): EnvVarValue {
  const value = text ?? '';
  for (const mode of ['Secret', 'ConfigMap'] as const) {
    if (!value.startsWith(SCHEMES[mode])) continue;
    const rest = value.slice(SCHEMES[mode].length);
    const slash = rest.indexOf('/');
    return slash < 0 ? { mode, name: rest, key: '' } : { mode, name: rest.slice(0, slash), key: rest.slice(slash + 1) };
  }
  return { mode: 'Static', value };
}

/** The text a field stores; a reference needs both a name and a key, otherwise the value stays empty. */
export function formatEnvVar(value: EnvVarValue): string {
  if (value.mode === 'Static') return value.value;
  const name = value.name.trim();
  const key = value.key.trim();
  return name && key ? `${SCHEMES[value.mode]}${name}/${key}` : '';
}

export function isEnvVarReference(text: string | null | undefined): boolean {
  return parseEnvVar(text).mode !== 'Static';
}


/** Sources of mission-control that Pharos keeps as text but cannot read: a Helm release's values, a service account's token. */
const UNREADABLE_SCHEMES = { helm: 'helm://', serviceAccount: 'serviceaccount://' } as const;

/**
 * The Flanksource object form (`{value}`, `{valueFrom: {secretKeyRef|configMapKeyRef: {name, key}}}`) or plain text, as stored text.
 * `valueFrom.helmRef` and `valueFrom.serviceAccount` are kept as `helm://name/key` and `serviceaccount://name`.
 */
export function envVarText(source: unknown): string | undefined {
  if (typeof source === 'string') return source;
  if (!isRecord(source)) return undefined;
  if (typeof source['value'] === 'string') return source['value'];
  const from = source['valueFrom'];
  if (!isRecord(from)) return undefined;
  for (const [field, mode] of [['secretKeyRef', 'Secret'], ['configMapKeyRef', 'ConfigMap']] as const) {
    const ref = from[field];
    if (isRecord(ref) && typeof ref['name'] === 'string' && typeof ref['key'] === 'string') {
      return formatEnvVar({ mode, name: ref['name'], key: ref['key'] }) || undefined;
    }
  }
  const helm = from['helmRef'];
  if (isRecord(helm) && typeof helm['key'] === 'string') return `${UNREADABLE_SCHEMES.helm}${typeof helm['name'] === 'string' ? helm['name'] : ''}/${helm['key']}`;
  if (typeof from['serviceAccount'] === 'string' && from['serviceAccount'] !== '') return `${UNREADABLE_SCHEMES.serviceAccount}${from['serviceAccount']}`;
  return undefined;
}

/** Why a stored text names a source Pharos cannot read (a Helm value, a service account token), or undefined. */
export function unreadableSourceReason(text: string): string | undefined {
  if (text.startsWith(UNREADABLE_SCHEMES.helm)) {
    return `${text} comes from valueFrom.helmRef, which needs a Kubernetes cluster: Pharos cannot read Helm values, write the value or a secret reference (valueFrom.secretKeyRef) instead`;
  }
  if (text.startsWith(UNREADABLE_SCHEMES.serviceAccount)) {
    return `${text} comes from valueFrom.serviceAccount, which needs a Kubernetes cluster: Pharos cannot fetch service account tokens, write the token or a secret reference (valueFrom.secretKeyRef) instead`;
  }
  return undefined;
}
