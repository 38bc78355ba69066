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

/** Shell commands: keep the token in a Secret, then run the agent against it. */
export function cliCommands(target: InstallTarget): string {
  const secret = secretName(target.agentName);
  return [
    `kubectl create namespace pharos-agent --dry-run=client -o yaml | kubectl apply -f -`,
    `kubectl -n pharos-agent create secret generic ${secret} --from-literal=token=${target.token}`,
    '',
    '# or, outside Kubernetes:',
    agentCommand(target),
  ].join('\n');
}

/** Manifests to commit to the repository Flux reconciles. */
export function fluxManifest(target: InstallTarget): string {
  const secret = secretName(target.agentName);
  return `apiVersion: v1
kind: Namespace
metadata:
  name: pharos-agent
---
apiVersion: v1
kind: Secret
metadata:
  name: ${secret}
  namespace: pharos-agent
stringData:
  token: ${target.token}
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: pharos-agent
  namespace: pharos-agent
spec:
  replicas: 1
  selector:
    matchLabels: { app: pharos-agent }
  template:
    metadata:
      labels: { app: pharos-agent }
    spec:
      containers:
        - name: agent
          image: pharos
          args: ["agent", "--upstream", "${target.upstream}", "--token", "$(PHAROS_AGENT_TOKEN)"]
          env:
            - name: PHAROS_AGENT_TOKEN
              valueFrom:
                secretKeyRef: { name: ${secret}, key: token }
`;
}
