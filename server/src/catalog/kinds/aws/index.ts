import { createHash } from 'node:crypto';
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { awsAccessOf, type AwsAccess, type AwsAccessResolver } from '../../../aws/access.js';
import { assumedAccess } from '../../../aws/assume-role.js';
import { awsErrorText, clientConfigOf, DEFAULT_REGION } from '../../../aws/clients.js';
import { resolveConnection } from '../../../connections/resolve.js';
import { resolveValue } from '../../../secret-store/resolve.js';
import { envVarText } from '@pharos/core';
import type { KindContext, KindReader } from '../types.js';
import { cloudTrailOptionsOf, readCloudTrail } from './cloudtrail.js';
import type { RegionScrape } from './context.js';
import { readEc2 } from './ec2.js';
import { readIam } from './iam.js';
import { AWS_TYPES, awsItem, inputOfItem, type AwsItem } from './items.js';
import { readRds } from './rds.js';
import { readS3 } from './s3.js';
import { selectionOf } from './selection.js';

function resolverOf(context: KindContext): AwsAccessResolver {
  return {
    async value(field) {
      const given = envVarText(field);
      return given === undefined || given === '' ? undefined : resolveValue(context.pool, context.secrets, given, context.namespace);
    },
    connection: (reference) => resolveConnection(context.pool, context.secrets, reference, context.namespace),
  };
}

/** The account the keys belong to (STS GetCallerIdentity): the first call, so refused keys fail the region at once. */
async function accountOf(access: AwsAccess, region: string, signal: AbortSignal): Promise<string> {
  const sts = new STSClient(clientConfigOf(access, region));
  try {
    const identity = await sts.send(new GetCallerIdentityCommand({}), { abortSignal: signal });
    if (!identity.Account) throw new Error('STS named no account for these keys');
    return identity.Account;
  } finally {
    sts.destroy();
  }
}

const accountItem = (account: string) => awsItem({ type: AWS_TYPES.account, id: account, name: account, configClass: 'Account', config: { Account: account }, health: 'healthy' });

/**
 * `aws`: config-db's AWS scraper, for EC2 instances, VPCs, subnets, security groups, RDS instances,
 * S3 buckets, IAM users and roles of each `region` (IAM and S3, being global, once), as config-db
 * types, names and relates them, with CloudTrail's events as changes of the items they name. Keys
 * come from `accessKey`/`secretKey` or the `connection`; `endpoint` sends every call elsewhere
 * (LocalStack, MinIO); `assumeRole` signs with a role's temporary keys. A region whose keys are refused is an error of the run; none read throws.
 */
export const readAws: KindReader = async (spec, context) => {
  const access = await awsAccessOf(spec, resolverOf(context));
  const selection = selectionOf(spec);
  const trail = cloudTrailOptionsOf(spec);
  const regions = access.regions.length > 0 ? access.regions : [DEFAULT_REGION];
  const items: AwsItem[] = [];
  const errors: string[] = [];
  const scrapes: RegionScrape[] = [];
  const accounts = new Set<string>();
  for (const region of regions) {
    let account: string;
    let signing: AwsAccess;
    try {
      signing = await assumedAccess(access, region, context.signal);
      account = await accountOf(signing, region, context.signal);
    } catch (error) {
      context.signal.throwIfAborted();
      errors.push(`${region}: AWS refused the keys${access.endpoint ? ` at ${access.endpoint}` : ''}: ${awsErrorText(error)}`);
      continue;
    }
    const scrape: RegionScrape = { client: clientConfigOf(signing, region), region, account, selection, signal: context.signal, items, errors };
    if (!accounts.has(account)) {
      accounts.add(account);
      if (selection.includes('Account')) items.push(accountItem(account));
      await readIam(scrape);
      await readS3(scrape);
    }
    await readEc2(scrape);
    await readRds(scrape);
    scrapes.push(scrape);
  }
  if (scrapes.length === 0) throw new Error(errors.join('; '));
  // Events are matched once every region's items are known (IAM's come through the first region's trail).
  const entryKey = createHash('sha256').update(JSON.stringify(spec)).digest('hex');
  for (const scrape of scrapes) await readCloudTrail(scrape, trail, entryKey);
  const where = access.endpoint ?? 'aws';
  return { inputs: items.map((item) => inputOfItem(item, `${where} ${item.type} ${item.id}`)), errors };
};
