/** The commands and manifest the Installation Instructions dialog shows for a new agent. */

export interface InstallTarget {
  /** Where this Pharos is reached, e.g. https://pharos.example.com */
  upstream: string;
  agentName: string;
  token: string;
}

/** A Kubernetes Secret name derived from the agent's name (already a DNS-1123 name). */
function secretName(agentName: string): string {
  return `pharos-agent-${agentName}`.slice(0, 253);
}

/** The command line an agent runs with. */
export function agentCommand({ upstream, token }: InstallTarget): string {
  return `pharos agent --upstream ${upstream} --token ${token}`;
}

/** Where the chart is in the Pharos repository, and the release and namespace the instructions use. */
export const CHART_PATH = './deploy/helm/pharos';
const NAMESPACE = 'pharos-agent';
const RELEASE = 'pharos-agent';

/** Helm CLI: keep the token in a Secret, then install the chart in agent mode pointing at it. */
export function cliCommands(target: InstallTarget): string {
  const secret = secretName(target.agentName);
  return [
    '# From a checkout of the Pharos repository, which holds the chart:',
    `kubectl create namespace ${NAMESPACE} --dry-run=client -o yaml | kubectl apply -f -`,
    `kubectl -n ${NAMESPACE} create secret generic ${secret} --from-literal=token=${target.token}`,
    `helm upgrade --install ${RELEASE} ${CHART_PATH} \\`,
    `  --namespace ${NAMESPACE} \\`,
    '  --set agent.enabled=true \\',
    `  --set agent.upstream=${target.upstream} \\`,
    `  --set agent.tokenSecret.name=${secret} \\`,
    '  --set agent.tokenSecret.key=token',
    '',
    '# or, outside Kubernetes:',
    agentCommand(target),
  ].join('\n');
}

/** Manifests to commit to the repository Flux reconciles: the token's Secret and a HelmRelease of the chart in agent mode. */
export function fluxManifest(target: InstallTarget): string {
  const secret = secretName(target.agentName);
  return `apiVersion: v1
kind: Namespace
metadata:
  name: ${NAMESPACE}
---
apiVersion: v1
kind: Secret
metadata:
  name: ${secret}
  namespace: ${NAMESPACE}
stringData:
  token: ${target.token}
---
apiVersion: source.toolkit.fluxcd.io/v1
kind: GitRepository
metadata:
  name: pharos
  namespace: ${NAMESPACE}
spec:
  interval: 1h
  # Where your copy of the Pharos repository is served: the chart is in deploy/helm/pharos.
  url: https://git.example.com/pharos.git
  ref:
    branch: main
---
apiVersion: helm.toolkit.fluxcd.io/v2
kind: HelmRelease
metadata:
  name: ${RELEASE}
  namespace: ${NAMESPACE}
spec:
  interval: 30m
  chart:
    spec:
      chart: ${CHART_PATH}
      sourceRef:
        kind: GitRepository
        name: pharos
  values:
    agent:
      enabled: true
      upstream: ${target.upstream}
      tokenSecret:
        name: ${secret}
        key: token
`;
}
