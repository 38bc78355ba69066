import { GITOPS_INTEGRATIONS } from '@pharos/core';
import aws from '../charts/aws.json';
import azure from '../charts/azure.json';
import flux from '../charts/flux.json';
import kubernetes from '../charts/kubernetes.json';
import missionControl from '../charts/mission-control.json';
import prometheus from '../charts/prometheus.json';

export type GitOpsOption = (typeof GITOPS_INTEGRATIONS)[number];

/** The Helm repository the charts are served from. */
export const CHART_REPOSITORY = { name: 'flanksource', url: 'https://flanksource.github.io/charts' } as const;

/** A chart an 'Add via GitOps' option installs: its name and version, starting values and their JSON schema. */
export interface GitOpsChart {
  option: string;
  chart: string;
  version: string;
  description: string;
  /** The values the editor starts with (YAML). */
  values: string;
  schema: object;
}

/** Shipped with Pharos (see charts/README.md): an air-gapped install cannot fetch them. */
const CHARTS: Record<GitOpsOption, GitOpsChart> = {
  AWS: aws,
  Azure: azure,
  Prometheus: prometheus,
  Flux: flux,
  Kubernetes: kubernetes,
  'Mission Control': missionControl,
};

export function isGitOpsOption(option: string): option is GitOpsOption {
  return (GITOPS_INTEGRATIONS as readonly string[]).includes(option);
}

export function gitOpsChart(option: GitOpsOption): GitOpsChart {
  return CHARTS[option];
}
