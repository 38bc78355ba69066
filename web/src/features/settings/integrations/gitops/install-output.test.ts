import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { checkChartValues } from './chart-values';
import { gitOpsChart } from './charts';
import { fluxManifest, helmCommands, intervalError, namespaceError, setFlags } from './install-output';

const kubernetes = gitOpsChart('Kubernetes');
const settings = { namespace: 'mission-control', interval: '30m', values: { clusterName: 'prod', scraper: { schedule: '@every 15m' }, labels: { team: 'ops' } } };

describe('the generated GitOps install', () => {
  it('writes the namespace, the flanksource HelmRepository and a HelmRelease of the chart with the values', () => {
    const documents = parseAllDocuments(fluxManifest(kubernetes, settings)).map((document) => document.toJS() as Record<string, unknown>);
    expect(documents).toEqual([
      { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'mission-control' } },
      {
        apiVersion: 'source.toolkit.fluxcd.io/v1',
        kind: 'HelmRepository',
        metadata: { name: 'flanksource', namespace: 'mission-control' },
        spec: { interval: '30m', url: 'https://flanksource.github.io/charts' },
      },
      {
        apiVersion: 'helm.toolkit.fluxcd.io/v2',
        kind: 'HelmRelease',
        metadata: { name: 'mission-control-kubernetes', namespace: 'mission-control' },
        spec: {
          interval: '30m',
          chart: { spec: { chart: 'mission-control-kubernetes', sourceRef: { kind: 'HelmRepository', name: 'flanksource', namespace: 'mission-control' } } },
          values: settings.values,
        },
      },
    ]);
  });

  it('turns the values into --set flags: dotted paths, list indexes, escaped commas and dots in keys, shell-quoted', () => {
    expect(setFlags({ a: { b: 1, c: [true, 'x,y'] }, 'kubernetes.io/role': 'master', empty: {}, none: null })).toEqual([
      { key: 'a.b', value: '1' },
      { key: 'a.c[0]', value: 'true' },
      { key: 'a.c[1]', value: 'x\\,y' },
      { key: 'kubernetes\\.io/role', value: 'master' },
      { key: 'none', value: 'null' },
    ]);
    expect(helmCommands(kubernetes, { ...settings, values: { clusterName: 'prod', note: 'say "$HOME"' } })).toBe(
      [
        'helm repo add flanksource https://flanksource.github.io/charts',
        '',
        'helm repo update',
        '',
        'helm install mission-control-kubernetes flanksource/mission-control-kubernetes -n "mission-control" \\',
        '  --set "clusterName=prod" \\',
        '  --set "note=say \\"\\$HOME\\"" \\',
        '  --create-namespace',
        '',
      ].join('\n'),
    );
  });

  it('checks the namespace and the interval', () => {
    expect(namespaceError('mission-control')).toBeUndefined();
    expect(namespaceError('')).toBe('This field is required');
    expect(namespaceError('Mission_Control')).toMatch(/^Lower case letters/);
    expect(intervalError('1h30m')).toBeUndefined();
    expect(intervalError('30 minutes')).toBe('A duration such as 30m, 1h or 1h30m');
  });

  it("checks the values against the chart's schema, naming the path of each problem", () => {
    expect(checkChartValues(kubernetes.values, kubernetes.schema).problems).toEqual([]);
    expect(checkChartValues('clusterName: prod\ntopology:\n  enabled: "yes"\n', kubernetes.schema).problems.map((problem) => problem.message)).toEqual([
      'topology.enabled: must be boolean',
    ]);
    expect(checkChartValues('', kubernetes.schema).problems.map((problem) => problem.message)).toEqual(["must have required property 'clusterName'"]);
    expect(checkChartValues('clusterName: prod\nclustername: typo\n', kubernetes.schema).problems.map((problem) => problem.message)).toEqual([
      "must NOT have additional property 'clustername'",
    ]);
    expect(checkChartValues('- a\n', kubernetes.schema).problems.map((problem) => problem.message)).toEqual(['must be object']);
  });

  it('ships a chart whose starting values pass its own schema for every option', () => {
    for (const option of ['AWS', 'Azure', 'Prometheus', 'Flux', 'Kubernetes', 'Mission Control'] as const) {
      const chart = gitOpsChart(option);
      expect(checkChartValues(chart.values, chart.schema).problems, option).toEqual([]);
    }
  });
});
