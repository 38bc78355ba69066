import { isRecord } from '@pharos/core';
import { stringify } from 'yaml';
import { CHART_REPOSITORY, type GitOpsChart } from './charts';

/** What the GitOps form gives the generated install. */
export interface InstallSettings {
  namespace: string;
  interval: string;
  values: Record<string, unknown>;
}

/** A Kubernetes namespace: an RFC 1123 label. */
const NAMESPACE = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
/** A Go duration as Flux reads intervals: 30m, 1h, 1h30m, 90s. */
const DURATION = /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/;

export function namespaceError(namespace: string): string | undefined {
  if (namespace.trim() === '') return 'This field is required';
  if (namespace.length > 63 || !NAMESPACE.test(namespace)) {
    return 'Lower case letters, digits and dashes, starting and ending with a letter or digit (at most 63)';
  }
  return undefined;
}

export function intervalError(interval: string): string | undefined {
  if (interval.trim() === '') return 'This field is required';
  return DURATION.test(interval) ? undefined : 'A duration such as 30m, 1h or 1h30m';
}

const document = (value: unknown) => stringify(value, { lineWidth: 0 });

/**
 * The Flux install: the namespace, the chart repository and a HelmRelease of the chart with the
 * values, as one multi-document manifest.
 */
export function fluxManifest(chart: GitOpsChart, settings: InstallSettings): string {
  const { namespace, interval, values } = settings;
  const sourceRef = { kind: 'HelmRepository', name: CHART_REPOSITORY.name, namespace };
  const release: Record<string, unknown> = {
    apiVersion: 'helm.toolkit.fluxcd.io/v2',
    kind: 'HelmRelease',
    metadata: { name: chart.chart, namespace },
    spec: { interval, chart: { spec: { chart: chart.chart, sourceRef } } },
  };
  if (Object.keys(values).length > 0) (release['spec'] as Record<string, unknown>)['values'] = values;
  return [
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } },
    {
      apiVersion: 'source.toolkit.fluxcd.io/v1',
      kind: 'HelmRepository',
      metadata: { name: CHART_REPOSITORY.name, namespace },
      spec: { interval, url: CHART_REPOSITORY.url },
    },
    release,
  ]
    .map(document)
    .join('---\n');
}

/** A key as `--set` reads it: dots and commas inside a key are escaped. */
const setKey = (key: string) => key.replace(/([.,=\\[\]])/g, '\\$1');

/** A value as `--set` reads it: commas separate values, so they are escaped. */
const setValue = (value: unknown) => (value === null ? 'null' : String(value)).replace(/\\/g, '\\\\').replace(/,/g, '\\,');

/**
 * The values as `--set` pairs, one per leaf: nested keys joined with dots, list items as
 * `key[0]`. Empty maps and lists give nothing (the chart's defaults stay).
 */
export function setFlags(values: unknown, prefix = ''): { key: string; value: string }[] {
  if (Array.isArray(values)) return values.flatMap((item, index) => setFlags(item, `${prefix}[${index}]`));
  if (isRecord(values)) {
    return Object.entries(values).flatMap(([key, value]) => setFlags(value, prefix ? `${prefix}.${setKey(key)}` : setKey(key)));
  }
  return prefix ? [{ key: prefix, value: setValue(values) }] : [];
}

/** Double quotes for the shell: only \ " $ and ` need escaping inside them. */
const shellQuote = (text: string) => `"${text.replace(/(["\\$`])/g, '\\$1')}"`;

/** The Helm CLI install: add and update the repository, then install the chart with a --set per value. */
export function helmCommands(chart: GitOpsChart, settings: InstallSettings): string {
  const install = [
    `helm install ${chart.chart} ${CHART_REPOSITORY.name}/${chart.chart} -n ${shellQuote(settings.namespace)}`,
    ...setFlags(settings.values).map(({ key, value }) => `  --set ${shellQuote(`${key}=${value}`)}`),
    '  --create-namespace',
  ].join(' \\\n');
  return [`helm repo add ${CHART_REPOSITORY.name} ${CHART_REPOSITORY.url}`, 'helm repo update', install].join('\n\n') + '\n';
}
