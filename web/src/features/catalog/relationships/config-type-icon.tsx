import { Boxes, Cloud, Container, Database, FileCode, Folder, Globe, HardDrive, KeyRound, Layers, MessagesSquare, Network, Server, Shield, type LucideIcon } from 'lucide-react';

const ICONS = { Boxes, Cloud, Container, Database, FileCode, Folder, Globe, HardDrive, KeyRound, Layers, MessagesSquare, Network, Server, Shield } satisfies Record<
  string,
  LucideIcon
>;
type IconName = keyof typeof ICONS;

/** Pictograms by a word of the config type (provider::kind), most specific first. */
const BY_WORD: ReadonlyArray<readonly [RegExp, IconName]> = [
  [/database|rds|sql|postgres|mysql|mongo|redis|dynamo/i, 'Database'],
  [/queue|topic|sqs|sns|kafka|pubsub/i, 'MessagesSquare'],
  [/pod|container|docker/i, 'Container'],
  [/namespace|folder|project|resourcegroup/i, 'Folder'],
  [/node|instance|vm|server|host|ec2/i, 'Server'],
  [/volume|disk|bucket|s3|storage|pvc/i, 'HardDrive'],
  [/secret|key|certificate/i, 'KeyRound'],
  [/role|policy|iam|securitygroup/i, 'Shield'],
  [/vpc|subnet|network|ingress|service|loadbalancer|dns|route/i, 'Network'],
  [/cluster|deployment|replicaset|statefulset|daemonset/i, 'Boxes'],
  [/configmap|file|manifest/i, 'FileCode'],
  [/app|website|url|http/i, 'Globe'],
  [/^(aws|azure|gcp)::/i, 'Cloud'],
];

/** The name of the pictogram of a config type. */
export function configTypeIconName(type: string): IconName {
  return BY_WORD.find(([word]) => word.test(type))?.[1] ?? 'Layers';
}

export function ConfigTypeIcon({ type, className }: { type: string; className?: string }) {
  const Icon = ICONS[configTypeIconName(type)];
  return <Icon aria-hidden className={className} data-icon={configTypeIconName(type)} />;
}
