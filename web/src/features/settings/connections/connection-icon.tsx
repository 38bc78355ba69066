import {
  ArchiveRestore,
  BellRing,
  BookUser,
  Cloud,
  Database,
  Folder,
  FolderTree,
  Globe,
  Hash,
  HardDrive,
  Mail,
  Monitor,
  Server,
  Users,
  Webhook,
  type LucideIcon,
} from 'lucide-react';
import {
  siApachejmeter,
  siDiscord,
  siDynatrace,
  siElasticsearch,
  siGit,
  siGithub,
  siGooglechat,
  siGooglecloud,
  siIfttt,
  siKubernetes,
  siMatrix,
  siMattermost,
  siMongodb,
  siMysql,
  siNtfy,
  siOpsgenie,
  siPostgresql,
  siPrometheus,
  siPushbullet,
  siRedis,
  siRocketdotchat,
  siTelegram,
  siZulip,
  type SimpleIcon,
} from 'simple-icons';
import { cn } from '../../../ui/cn';

/** Brand marks (simple-icons, CC0) where the brand allows one; a plain pictogram otherwise. */
const BRANDS: Readonly<Record<string, SimpleIcon>> = {
  discord: siDiscord,
  dynatrace: siDynatrace,
  elasticsearch: siElasticsearch,
  git: siGit,
  github: siGithub,
  google_chat: siGooglechat,
  google_cloud: siGooglecloud,
  ifttt: siIfttt,
  jmeter: siApachejmeter,
  kubernetes: siKubernetes,
  matrix: siMatrix,
  mattermost: siMattermost,
  mongo: siMongodb,
  mysql: siMysql,
  ntfy: siNtfy,
  opsgenie: siOpsgenie,
  postgres: siPostgresql,
  prometheus: siPrometheus,
  pushbullet: siPushbullet,
  redis: siRedis,
  rocketchat: siRocketdotchat,
  telegram: siTelegram,
  zulip_chat: siZulip,
};

const PICTOGRAMS: Readonly<Record<string, LucideIcon>> = {
  aws: Cloud,
  s3: HardDrive,
  azure: Cloud,
  azure_devops: Cloud,
  email: Mail,
  http: Globe,
  webhook: Webhook,
  ldap: BookUser,
  pushover: BellRing,
  restic: ArchiveRestore,
  sftp: Server,
  slack: Hash,
  smb: FolderTree,
  sql_server: Database,
  teams: Users,
  windows: Monitor,
  folder: Folder,
};

/** The icon of a connection type (a form's `icon` key). */
export function ConnectionIcon({ icon, className }: { icon: string; className?: string }) {
  const brand = BRANDS[icon];
  if (brand) {
    return (
      <svg role="img" viewBox="0 0 24 24" aria-hidden="true" className={cn('size-5 shrink-0', className)} fill={`#${brand.hex}`} data-icon={icon}>
        <path d={brand.path} />
      </svg>
    );
  }
  const Pictogram = PICTOGRAMS[icon] ?? Globe;
  return <Pictogram aria-hidden="true" className={cn('size-5 shrink-0 text-fg-muted', className)} data-icon={icon} />;
}
