import { paginateDescribeDBInstances, RDSClient } from '@aws-sdk/client-rds';
import type { ConfigHealth } from '../../scrape-types.js';
import { attempt, type RegionScrape } from './context.js';
import { AWS_TYPES, awsItem, labelsOf, nameOf, relatedFrom, statusText } from './items.js';

const RDS_WARNING = new Set(['backing-up', 'configuring-enhanced-monitoring', 'configuring-iam-database-auth', 'configuring-log-exports', 'converting-to-vpc', 'creating', 'maintenance', 'modifying', 'moving-to-vpc', 'rebooting', 'renaming', 'resetting-master-credentials', 'starting', 'stopping', 'storage-optimization', 'upgrading', 'storage-full']);
const RDS_UNHEALTHY = new Set(['failed', 'inaccessible-encryption-credentials', 'incompatible-network', 'incompatible-option-group', 'incompatible-parameters', 'incompatible-restore', 'insufficient-capacity', 'restore-error', 'stopped', 'deleting']);

/** An RDS instance's health from its status: available is healthy, a passing state a warning, a broken or stopped one unhealthy. */
function rdsHealth(status: string | undefined): ConfigHealth {
  if (status === 'available') return 'healthy';
  if (status && RDS_WARNING.has(status)) return 'warning';
  if (status && RDS_UNHEALTHY.has(status)) return 'unhealthy';
  return 'unknown';
}

/** config-db's `RDS`: every DB instance, tagged with its region, under its VPC, downstream of its security groups. */
export async function readRds(scrape: RegionScrape): Promise<void> {
  if (!scrape.selection.includes('RDS')) return;
  const rds = new RDSClient(scrape.client);
  try {
    await attempt(scrape, 'get rds', async () => {
      for await (const page of paginateDescribeDBInstances({ client: rds }, {}, { abortSignal: scrape.signal })) {
        for (const instance of page.DBInstances ?? []) {
          const id = instance.DBInstanceIdentifier;
          if (!id) continue;
          const labels = labelsOf(instance.TagList);
          if (scrape.selection.excluded(AWS_TYPES.rdsInstance, id, labels)) continue;
          const arn = instance.DBInstanceArn ?? '';
          const vpc = instance.DBSubnetGroup?.VpcId;
          const securityGroups = (instance.VpcSecurityGroups ?? []).map((group) => group.VpcSecurityGroupId).filter((group): group is string => !!group);
          scrape.items.push(
            awsItem({
              type: AWS_TYPES.rdsInstance,
              id,
              name: nameOf(labels, id),
              configClass: 'RelationalDatabase',
              config: instance,
              labels,
              tags: { region: arn.split(':')[3] || scrape.region },
              ...(statusText(instance.DBInstanceStatus) ? { status: statusText(instance.DBInstanceStatus)! } : {}),
              health: rdsHealth(instance.DBInstanceStatus),
              ...(instance.InstanceCreateTime ? { createdAt: instance.InstanceCreateTime } : {}),
              ...(vpc ? { parent: { type: AWS_TYPES.vpc, externalId: vpc } } : {}),
              aliases: arn ? [`AmazonRDS/${arn}`, arn] : [],
              relationships: securityGroups.map((group) => relatedFrom(AWS_TYPES.securityGroup, group)),
            }),
          );
        }
      }
    });
  } finally {
    rds.destroy();
  }
}
