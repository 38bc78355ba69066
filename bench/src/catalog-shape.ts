/** The shape of the seeded catalog: types across a few config classes, and the values its items take. */

export interface SeedType {
  type: string;
  configClass: string;
  /** Statuses an item of the type reports. */
  statuses: readonly string[];
  /** Whether billing scrapers give the type costs. */
  costed: boolean;
}

const kube = (kind: string, configClass: string, statuses: readonly string[]): SeedType => ({ type: `Kubernetes::${kind}`, configClass, statuses, costed: false });
const aws = (kind: string, configClass: string, statuses: readonly string[]): SeedType => ({ type: `AWS::${kind}`, configClass, statuses, costed: true });
const azure = (kind: string, configClass: string, statuses: readonly string[]): SeedType => ({ type: `Azure::${kind}`, configClass, statuses, costed: true });
const other = (type: string, configClass: string, statuses: readonly string[]): SeedType => ({ type, configClass, statuses, costed: false });

const POD = ['Running', 'Pending', 'Succeeded', 'Failed', 'CrashLoopBackOff'];
const READY = ['Running', 'Progressing', 'Degraded'];
const VM = ['running', 'stopped', 'pending', 'terminated'];
const AVAILABLE = ['Available', 'Creating', 'Deleting'];
const ACTIVE = ['Active', 'Inactive'];

/** 50 types; the earlier ones have more items (the seed draws them with a skew). */
export const SEED_TYPES: readonly SeedType[] = [
  kube('Pod', 'Pod', POD),
  kube('ReplicaSet', 'Deployment', READY),
  kube('ConfigMap', 'ConfigMap', ACTIVE),
  kube('Secret', 'Secret', ACTIVE),
  kube('Service', 'Service', ACTIVE),
  kube('Deployment', 'Deployment', READY),
  kube('Event', 'Event', ACTIVE),
  kube('Endpoints', 'Service', ACTIVE),
  kube('ServiceAccount', 'ServiceAccount', ACTIVE),
  kube('Job', 'Job', ['Complete', 'Failed', 'Running']),
  kube('CronJob', 'Job', ACTIVE),
  kube('StatefulSet', 'StatefulSet', READY),
  kube('DaemonSet', 'DaemonSet', READY),
  kube('Ingress', 'Ingress', ACTIVE),
  kube('PersistentVolumeClaim', 'Volume', ['Bound', 'Pending', 'Lost']),
  kube('PersistentVolume', 'Volume', ['Bound', 'Available', 'Released']),
  kube('Role', 'Role', ACTIVE),
  kube('RoleBinding', 'Role', ACTIVE),
  kube('Namespace', 'Namespace', ['Active', 'Terminating']),
  kube('Node', 'Node', ['Ready', 'NotReady']),
  kube('HorizontalPodAutoscaler', 'Deployment', ACTIVE),
  kube('NetworkPolicy', 'NetworkPolicy', ACTIVE),
  kube('Cluster', 'Cluster', ['Healthy', 'Degraded']),
  aws('EC2::Instance', 'VirtualMachine', VM),
  aws('EC2::SecurityGroup', 'SecurityGroup', ACTIVE),
  aws('EC2::Volume', 'Volume', ['in-use', 'available']),
  aws('EC2::Subnet', 'Subnet', AVAILABLE),
  aws('EC2::VPC', 'Network', AVAILABLE),
  aws('S3::Bucket', 'Bucket', ACTIVE),
  aws('RDS::DBInstance', 'Database', ['available', 'backing-up', 'stopped']),
  aws('Lambda::Function', 'Function', ACTIVE),
  aws('IAM::Role', 'Role', ACTIVE),
  aws('IAM::User', 'User', ACTIVE),
  aws('ELB::LoadBalancer', 'LoadBalancer', ['active', 'provisioning']),
  aws('Route53::HostedZone', 'DNSZone', ACTIVE),
  aws('ECR::Repository', 'Repository', ACTIVE),
  aws('EKS::Cluster', 'Cluster', ['ACTIVE', 'UPDATING']),
  aws('CloudFormation::Stack', 'Stack', ['CREATE_COMPLETE', 'UPDATE_COMPLETE', 'ROLLBACK_COMPLETE']),
  azure('VirtualMachine', 'VirtualMachine', VM),
  azure('StorageAccount', 'Bucket', AVAILABLE),
  azure('SQLServer', 'Database', ['Ready', 'Disabled']),
  azure('KeyVault', 'KeyVault', ACTIVE),
  azure('ResourceGroup', 'ResourceGroup', ['Succeeded']),
  other('GitHub::Repository', 'Repository', ACTIVE),
  other('GitHub::Workflow', 'Workflow', ['active', 'disabled_manually']),
  other('Flux::Kustomization', 'Kustomization', READY),
  other('Flux::HelmRelease', 'HelmRelease', READY),
  other('Inventory::Host', 'Host', ['up', 'down']),
  other('Postgres::Database', 'Database', ['online', 'offline']),
  other('SQL::Table', 'Table', ACTIVE),
];

/** Names are `{app}-{kind}-{5 hex}`; apps are a prefix and a suffix of these, 400 in all. */
export const APP_PREFIXES = ['payments', 'checkout', 'ledger', 'catalog', 'search', 'billing', 'identity', 'orders', 'shipping', 'inventory', 'pricing', 'reviews', 'media', 'notify', 'reports', 'gateway', 'profile', 'fraud', 'loyalty', 'support'];
export const APP_SUFFIXES = ['api', 'worker', 'web', 'db', 'cache', 'queue', 'cron', 'proxy', 'sync', 'export', 'import', 'admin', 'edge', 'stream', 'batch', 'auth', 'store', 'index', 'agent', 'hub'];

/** The app the benchmark's name search looks for: 1 in 400 items, as a person typing a service's name. */
export const SEARCH_TERM = 'ledger-stream';

export const CHANGE_TYPES = ['diff', 'Pulled', 'Scaled', 'Created', 'Started', 'Killing', 'BackOff', 'Unhealthy', 'SuccessfulCreate', 'ScalingReplicaSet', 'UPDATE', 'CREATE', 'DELETE', 'PolicyUpdate', 'UpgradePackage', 'Deployment', 'Backup', 'Restarted', 'Approved', 'RegisterImage'];
export const SEVERITIES = ['info', 'info', 'info', 'info', 'info', 'low', 'low', 'medium', 'warning', 'high', 'critical'];
export const ANALYZERS = ['open-port', 'public-bucket', 'idle-instance', 'unencrypted-volume', 'old-image', 'no-limits', 'privileged', 'cve-critical', 'oversized', 'no-backup'];
export const ANALYSIS_TYPES = ['security', 'cost', 'performance', 'reliability', 'compliance', 'technical_debt', 'recommendation', 'availability'];
