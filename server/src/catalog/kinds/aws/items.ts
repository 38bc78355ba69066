import type { ScrapeInput } from '../../extract.js';
import type { ConfigHealth, ScrapedChange, ScrapedRelationship } from '../../scrape-types.js';

/** config-db's AWS config types. */
export const AWS_TYPES = {
  account: 'AWS::::Account',
  instance: 'AWS::EC2::Instance',
  vpc: 'AWS::EC2::VPC',
  subnet: 'AWS::EC2::Subnet',
  securityGroup: 'AWS::EC2::SecurityGroup',
  rdsInstance: 'AWS::RDS::DBInstance',
  bucket: 'AWS::S3::Bucket',
  user: 'AWS::IAM::User',
  role: 'AWS::IAM::Role',
} as const;

/** One AWS resource as config-db's ScrapeResult has it. */
export interface AwsItem {
  type: string;
  id: string;
  name: string;
  configClass: string;
  config: unknown;
  labels: Record<string, string>;
  tags: Record<string, string>;
  status?: string;
  health?: ConfigHealth;
  createdAt?: Date;
  parent?: { type: string; externalId: string };
  /** Other ids CloudTrail may name the resource by (its ARN, its name). */
  aliases: string[];
  relationships: ScrapedRelationship[];
  changes: ScrapedChange[];
}

export type AwsItemFields = Omit<AwsItem, 'aliases' | 'relationships' | 'changes' | 'labels' | 'tags'> & Partial<Pick<AwsItem, 'aliases' | 'relationships' | 'labels' | 'tags'>>;

export function awsItem(fields: AwsItemFields): AwsItem {
  return { labels: {}, tags: {}, aliases: [], relationships: [], ...fields, changes: [] };
}

/** AWS's `[{Key, Value}]` tags as labels. */
export function labelsOf(tags: ReadonlyArray<{ Key?: string | undefined; Value?: string | undefined }> | undefined): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const tag of tags ?? []) if (tag.Key) labels[tag.Key] = tag.Value ?? '';
  return labels;
}

/** config-db's name of a tagged resource: its `Name` tag, else its id. */
export const nameOf = (labels: Record<string, string>, id: string) => labels['Name'] || id;

/** config-db's formatStatus: `shutting-down` → `Shutting down`. */
export function statusText(state: string | undefined): string | undefined {
  if (!state) return undefined;
  const words = state.replace(/[-_]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A relationship to the item (the other end upstream), as config-db's RelationshipResult from a parent-like config. */
export const relatedFrom = (type: string, externalId: string): ScrapedRelationship => ({ selector: { type, externalId }, parent: true });

/** The item as an input of the catalog's pipeline. */
export function inputOfItem(item: AwsItem, source: string): ScrapeInput {
  return {
    // The SDK's answers hold Dates and class instances: kept as the JSON AWS sent.
    document: JSON.parse(JSON.stringify(item.config ?? null)) as unknown,
    source,
    defaults: {
      id: item.id,
      type: item.type,
      class: item.configClass,
      name: item.name,
      labels: item.labels,
      tags: item.tags,
      createdAt: item.createdAt ?? null,
      status: item.status ?? null,
      health: item.health ?? null,
      parent: item.parent ?? null,
      relationships: item.relationships,
      ...(item.changes.length > 0 ? { changes: item.changes } : {}),
    },
  };
}
