import { EC2Client, paginateDescribeInstances, paginateDescribeSecurityGroups, paginateDescribeSubnets, paginateDescribeVpcs, type Instance } from '@aws-sdk/client-ec2';
import { attempt, type RegionScrape } from './context.js';
import { AWS_TYPES, awsItem, labelsOf, nameOf, relatedFrom, statusText } from './items.js';
import type { ConfigHealth } from '../../scrape-types.js';

/** An instance's health from its state: running is healthy, on its way up or down a warning, stopped or gone unhealthy. */
function instanceHealth(state: string | undefined): ConfigHealth {
  if (state === 'running') return 'healthy';
  if (state === 'pending' || state === 'stopping' || state === 'shutting-down') return 'warning';
  if (state === 'stopped' || state === 'terminated') return 'unhealthy';
  return 'unknown';
}

/** A VPC or subnet is healthy once available. */
const availability = (state: string | undefined): ConfigHealth => (state === 'available' ? 'healthy' : state === 'pending' ? 'warning' : 'unknown');

interface Zone {
  zone: string;
  zoneId: string;
  region: string;
}

async function subnets(scrape: RegionScrape, ec2: EC2Client, zones: Map<string, Zone>): Promise<void> {
  // Subnets are always read: their zones are the instances' tags (as config-db does).
  for await (const page of paginateDescribeSubnets({ client: ec2 }, {}, { abortSignal: scrape.signal })) {
    for (const subnet of page.Subnets ?? []) {
      if (!subnet.SubnetId) continue;
      const zone = subnet.AvailabilityZone ?? '';
      const where = { zone, zoneId: subnet.AvailabilityZoneId ?? '', region: zone.slice(0, -1) || scrape.region };
      zones.set(subnet.SubnetId, where);
      const labels = { ...labelsOf(subnet.Tags), ...(subnet.VpcId ? { network: subnet.VpcId } : {}), subnet: subnet.SubnetId };
      if (!scrape.selection.includes('subnet') || scrape.selection.excluded(AWS_TYPES.subnet, nameOf(labels, subnet.SubnetId), labels)) continue;
      scrape.items.push(
        awsItem({
          type: AWS_TYPES.subnet,
          id: subnet.SubnetId,
          name: nameOf(labels, subnet.SubnetId),
          configClass: 'Subnet',
          config: subnet,
          labels,
          tags: { zone: where.zone, 'zone-id': where.zoneId, region: where.region },
          ...(statusText(subnet.State) ? { status: statusText(subnet.State)! } : {}),
          health: availability(subnet.State),
          ...(subnet.VpcId ? { parent: { type: AWS_TYPES.vpc, externalId: subnet.VpcId } } : {}),
          aliases: subnet.SubnetArn ? [subnet.SubnetArn] : [],
        }),
      );
    }
  }
}

function instanceItem(scrape: RegionScrape, instance: Instance, zones: Map<string, Zone>) {
  const id = instance.InstanceId!;
  const labels: Record<string, string> = { ...labelsOf(instance.Tags), ...(instance.VpcId ? { network: instance.VpcId } : {}), ...(instance.SubnetId ? { subnet: instance.SubnetId } : {}) };
  const where = instance.SubnetId ? zones.get(instance.SubnetId) : undefined;
  const zone = where?.zone ?? instance.Placement?.AvailabilityZone ?? '';
  const state = instance.State?.Name;
  const securityGroups = (instance.SecurityGroups ?? []).map((group) => group.GroupId).filter((group): group is string => !!group);
  return awsItem({
    type: AWS_TYPES.instance,
    id,
    // config-db's name: the Name tag, else the private DNS name, else the id.
    name: labels['Name'] || instance.PrivateDnsName || id,
    configClass: 'VirtualMachine',
    config: instance,
    labels,
    tags: { zone, 'zone-id': where?.zoneId ?? '', region: where?.region ?? scrape.region },
    ...(statusText(state) ? { status: statusText(state)! } : {}),
    health: instanceHealth(state),
    ...(instance.LaunchTime ? { createdAt: instance.LaunchTime } : {}),
    ...(instance.VpcId ? { parent: { type: AWS_TYPES.vpc, externalId: instance.VpcId } } : {}),
    aliases: [`AmazonEC2/${id}`, `aws:///${zone}/${id}`, `arn:aws:ec2:${scrape.region}:${scrape.account}:instance/${id}`],
    relationships: [
      ...securityGroups.map((group) => relatedFrom(AWS_TYPES.securityGroup, group)),
      ...(instance.SubnetId ? [relatedFrom(AWS_TYPES.subnet, instance.SubnetId)] : []),
    ],
  });
}

async function instances(scrape: RegionScrape, ec2: EC2Client, zones: Map<string, Zone>): Promise<void> {
  for await (const page of paginateDescribeInstances({ client: ec2 }, {}, { abortSignal: scrape.signal })) {
    for (const reservation of page.Reservations ?? []) {
      for (const instance of reservation.Instances ?? []) {
        if (!instance.InstanceId || scrape.selection.excluded(AWS_TYPES.instance, instance.InstanceId, labelsOf(instance.Tags))) continue;
        scrape.items.push(instanceItem(scrape, instance, zones));
      }
    }
  }
}

async function vpcs(scrape: RegionScrape, ec2: EC2Client): Promise<void> {
  for await (const page of paginateDescribeVpcs({ client: ec2 }, {}, { abortSignal: scrape.signal })) {
    for (const vpc of page.Vpcs ?? []) {
      if (!vpc.VpcId) continue;
      const labels = labelsOf(vpc.Tags);
      if (scrape.selection.excluded(AWS_TYPES.vpc, nameOf(labels, vpc.VpcId), labels)) continue;
      scrape.items.push(
        awsItem({
          type: AWS_TYPES.vpc,
          id: vpc.VpcId,
          name: nameOf(labels, vpc.VpcId),
          configClass: 'VPC',
          config: vpc,
          labels: { ...labels, network: vpc.VpcId },
          tags: { region: scrape.region },
          ...(statusText(vpc.State) ? { status: statusText(vpc.State)! } : {}),
          health: availability(vpc.State),
          parent: { type: AWS_TYPES.account, externalId: scrape.account },
          aliases: [`AmazonEC2/${vpc.VpcId}`, `arn:aws:ec2:${scrape.region}:${scrape.account}:vpc/${vpc.VpcId}`],
        }),
      );
    }
  }
}

async function securityGroups(scrape: RegionScrape, ec2: EC2Client): Promise<void> {
  for await (const page of paginateDescribeSecurityGroups({ client: ec2 }, {}, { abortSignal: scrape.signal })) {
    for (const group of page.SecurityGroups ?? []) {
      if (!group.GroupId) continue;
      const labels = labelsOf(group.Tags);
      if (scrape.selection.excluded(AWS_TYPES.securityGroup, nameOf(labels, group.GroupId), labels)) continue;
      scrape.items.push(
        awsItem({
          type: AWS_TYPES.securityGroup,
          id: group.GroupId,
          name: nameOf(labels, group.GroupId),
          configClass: 'SecurityGroup',
          config: group,
          labels: { ...labels, ...(group.VpcId ? { network: group.VpcId } : {}) },
          tags: { region: scrape.region },
          ...(group.VpcId ? { parent: { type: AWS_TYPES.vpc, externalId: group.VpcId } } : {}),
          aliases: group.SecurityGroupArn ? [group.SecurityGroupArn] : [],
        }),
      );
    }
  }
}

/** config-db's EC2 reads: subnets (always, for zones), instances (`EC2instance`), VPCs (`VPC`), security groups (`SecurityGroup`). */
export async function readEc2(scrape: RegionScrape): Promise<void> {
  const ec2 = new EC2Client(scrape.client);
  try {
    const zones = new Map<string, Zone>();
    await attempt(scrape, 'get subnets', () => subnets(scrape, ec2, zones));
    if (scrape.selection.includes('EC2instance')) await attempt(scrape, 'describe instances', () => instances(scrape, ec2, zones));
    if (scrape.selection.includes('VPC')) await attempt(scrape, 'get vpcs', () => vpcs(scrape, ec2));
    if (scrape.selection.includes('SecurityGroup')) await attempt(scrape, 'describe security groups', () => securityGroups(scrape, ec2));
  } finally {
    ec2.destroy();
  }
}
