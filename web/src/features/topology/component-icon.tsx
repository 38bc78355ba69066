import {
  Box,
  Boxes,
  Cloud,
  Container,
  Cpu,
  Database,
  Folder,
  Globe,
  HardDrive,
  KeyRound,
  Layers,
  MemoryStick,
  MessagesSquare,
  Network,
  Server,
  Shield,
  type LucideIcon,
} from 'lucide-react';
import { createElement } from 'react';
import { cn } from '../../ui/cn';

/** Pictograms by a word of a component's icon or type ('k8s-pod', 'postgres', 'Kubernetes::Node' …), most specific first. */
const BY_WORD: ReadonlyArray<readonly [RegExp, LucideIcon]> = [
  [/database|rds|sql|postgres|mysql|mariadb|mongo|redis|dynamo|elastic/i, Database],
  [/queue|topic|sqs|sns|kafka|rabbit|pubsub/i, MessagesSquare],
  [/pod|container|docker/i, Container],
  [/namespace|folder|project/i, Folder],
  [/cpu|processor/i, Cpu],
  [/memory|ram/i, MemoryStick],
  [/node|instance|vm|server|host|ec2/i, Server],
  [/volume|disk|bucket|s3|storage|pvc/i, HardDrive],
  [/secret|key|cert/i, KeyRound],
  [/role|policy|iam|security/i, Shield],
  [/vpc|subnet|network|ingress|service|loadbalancer|dns|route/i, Network],
  [/cluster|deployment|replicaset|statefulset|daemonset|kubernetes|k8s/i, Boxes],
  [/app|website|url|http|web/i, Globe],
  [/aws|azure|gcp|cloud/i, Cloud],
  [/group|layer|stack/i, Layers],
];

/** The pictogram of a component from its icon name, else its type. */
export function componentIcon(icon: string | null | undefined, type: string | null | undefined): LucideIcon {
  for (const word of [icon, type]) {
    if (!word) continue;
    const found = BY_WORD.find(([pattern]) => pattern.test(word));
    if (found) return found[1];
  }
  return Box;
}

export function ComponentIcon({ icon, type, className }: { icon?: string | null; type?: string | null; className?: string }) {
  return createElement(componentIcon(icon, type), { 'aria-hidden': true, className: cn('size-5 shrink-0 text-fg-muted', className) });
}
