/** Check types that talk to a Kubernetes cluster (its API, or pods and images it runs). */
const KUBERNETES_TYPES: ReadonlySet<string> = new Set(['kubernetesResource', 'helm', 'containerd', 'containerdPush', 'docker', 'dockerPush']);

/** Check types that need an account with a cloud or SaaS provider, and the account each needs. */
const CLOUD_TYPES: Readonly<Record<string, string>> = {
  awsConfig: 'an AWS account',
  awsConfigRule: 'an AWS account',
  ec2: 'an AWS account',
  s3: 'an AWS account (or S3-compatible storage)',
  gcs: 'a Google Cloud account',
  pubsub: 'a Google Cloud account',
  databaseBackup: 'a Google Cloud account',
  azureDevops: 'an Azure DevOps organization',
  github: 'a GitHub account',
  dynatrace: 'a Dynatrace account',
};

/**
 * Why a check of this type, which has no runner here, does not run: Kubernetes and cloud types need
 * what this Pharos is not connected to; any other type is simply not built yet.
 */
export function whyNotRun(type: string): string {
  if (KUBERNETES_TYPES.has(type)) return `${type} checks need a Kubernetes cluster, which this Pharos is not connected to: the spec is kept`;
  const account = CLOUD_TYPES[type];
  if (account) return `${type} checks need ${account}, which this Pharos is not connected to: the spec is kept`;
  return `${type} checks do not run in this version of Pharos yet: the spec is kept`;
}
