import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setStoredValue } from '../../src/secret-store/store.js';
import { ASSUMABLE_ROLE, startAwsStandIn, TEMPORARY_KEYS, type AwsStandIn } from '../support/aws-stand-in/index.js';
import { TEST_SECRETS } from '../support/server.js';
import { saveConnection, testSaved } from '../connections/helpers.js';
import { catalogTest } from './helpers.js';

/**
 * The aws scraper against an AWS stand-in on loopback that checks every SigV4 signature
 * (support/aws-stand-in): a ScrapeConfig applied through /api/apply, run, and its configs,
 * relationships and changes read back through /api/db as the web app reads them. Recorded answers:
 * STS GetCallerIdentity, IAM users and roles, the RDS database, the S3 bucket and EC2's VPC, subnets,
 * security groups and instances, real answers of one test account recorded by Cloud Custodian
 * (cloud-custodian/cloud-custodian `tests/data/placebo/`, Apache-2.0; files and paths in
 * server/test/support/aws-stand-in/fixtures/recorded/README.md), served in each protocol's wire
 * format. Written here, for want of a recording: CloudTrail's events (Cloud Custodian has no
 * LookupEvents recording), which name the recorded ids, and STS AssumeRole's temporary keys
 * (server/test/support/aws-stand-in/README.md). The spec follows config-db's `fixtures/aws.yaml`.
 */

const env = catalogTest('pharos-aws-');
const ACCESS_KEY = 'AKIAIOSFODNN7EXAMPLE';
const SECRET_KEY = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
let aws: AwsStandIn;
let decoy: AwsStandIn;

beforeAll(async () => {
  aws = await startAwsStandIn({ [ACCESS_KEY]: SECRET_KEY });
  decoy = await startAwsStandIn({ [ACCESS_KEY]: SECRET_KEY });
  await setStoredValue(env.server.pool, TEST_SECRETS, { kind: 'Secret', namespace: 'default', name: 'aws-keys', key: 'secret' }, SECRET_KEY);
});
afterAll(async () => {
  await aws?.close();
  await decoy?.close();
});

const scrapeConfig = (name: string, entry: string) => `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: ${name}
spec:
  aws:
${entry}`;

/** config-db's example (fixtures/aws.yaml) pointed at the stand-in, cloudtrail read, one recorded instance excluded by its Name tag. */
const shopScraper = (endpoint: string) =>
  scrapeConfig(
    'aws-shop',
    `    - region:
        - us-east-1
      endpoint: ${endpoint}
      accessKey:
        value: ${ACCESS_KEY}
      secretKey:
        valueFrom:
          secretKeyRef: {name: aws-keys, key: secret}
      exclude:
        - Amazon EC2 Reserved Instances Optimization
        - Savings Plan
        - trusted_advisor
      cloudtrail:
        exclude: [CreateTags]
        maxAge: 720h
      exclusions:
        - tags: {Name: InalidTestProductionInstance}
`,
  );

describe('the aws scraper', () => {
  it('saves what config-db reads, typed, named, labelled from tags, with health from state and parents', async () => {
    await env.apply(shopScraper(aws.url));
    const scraperId = await env.scraperId('aws-shop');
    const run = await env.run(scraperId);
    expect(run.errors).toEqual([]);
    const saved = await env.configsOf(scraperId);
    expect([...saved.keys()].sort()).toEqual([
      'AWS::::Account/644160558196',
      'AWS::EC2::Instance/BalancedInstance',
      'AWS::EC2::Instance/ValidTestProductionInstance',
      // Without a Name tag an instance is named by its private DNS name, as config-db does.
      'AWS::EC2::Instance/ip-172-31-63-4.ec2.internal',
      ...['sg-10eeb66d', 'sg-12eeb66f', 'sg-314baa4c', 'sg-411b413c', 'sg-6c7fa917', 'sg-704f840d', 'sg-926a56e8', 'sg-a08ed1dd', 'sg-a38ed1de', 'sg-cd3d01b7'].map((id) => `AWS::EC2::SecurityGroup/${id}`),
      ...['FancyTestSubnetC', 'FancyTestSubnetD', 'FancyTestSubnetPrivate', 'FancyTestSubnetPublic', 'subnet-3a334610', 'subnet-914763e7', 'subnet-e3b194de', 'subnet-efbcccb7'].map((name) => `AWS::EC2::Subnet/${name}`),
      'AWS::EC2::VPC/FlowLogTest',
      'AWS::IAM::Role/lambda_basic_execution',
      'AWS::IAM::Role/mandeep',
      'AWS::IAM::User/george',
      'AWS::IAM::User/kapil',
      'AWS::IAM::User/mandeep',
      'AWS::RDS::DBInstance/testing',
      'AWS::S3::Bucket/c7n-test-bucket',
    ]);
    const idOf = (key: string) => saved.get(key)!.id;
    expect(saved.get('AWS::EC2::Instance/BalancedInstance')).toMatchObject({
      config_class: 'VirtualMachine',
      health: 'healthy',
      status: 'Running',
      labels: { Name: 'BalancedInstance', network: 'vpc-d2d616b5', subnet: 'subnet-3a334610' },
      tags: { region: 'us-east-1', zone: 'us-east-1d' },
      parent_id: idOf('AWS::EC2::VPC/FlowLogTest'),
    });
    expect(saved.get('AWS::EC2::Instance/BalancedInstance')!.config).toMatchObject({ InstanceId: 'i-0d6fc89a578546fec', InstanceType: 't2.medium', LaunchTime: '2016-11-27T19:06:39.000Z', SecurityGroups: [{ GroupId: 'sg-926a56e8', GroupName: 'launch-wizard-1' }] });
    expect(saved.get('AWS::EC2::Instance/ip-172-31-63-4.ec2.internal')).toMatchObject({ health: 'unhealthy', status: 'Stopped' });
    expect(saved.get('AWS::EC2::Instance/ip-172-31-63-4.ec2.internal')!.config).toMatchObject({ InstanceId: 'i-0ea09b4cbf12b50f2', StateTransitionReason: 'User initiated (2023-02-15 12:54:32 GMT)' });
    expect(saved.get('AWS::EC2::VPC/FlowLogTest')).toMatchObject({ config_class: 'VPC', health: 'healthy', status: 'Available', parent_id: idOf('AWS::::Account/644160558196') });
    expect(saved.get('AWS::EC2::VPC/FlowLogTest')!.config).toMatchObject({ VpcId: 'vpc-d2d616b5', CidrBlock: '172.31.0.0/16', IsDefault: true });
    expect(saved.get('AWS::EC2::Subnet/subnet-3a334610')).toMatchObject({ config_class: 'Subnet', parent_id: idOf('AWS::EC2::VPC/FlowLogTest'), tags: { zone: 'us-east-1d' } });
    expect(saved.get('AWS::EC2::SecurityGroup/sg-926a56e8')).toMatchObject({ config_class: 'SecurityGroup', parent_id: idOf('AWS::EC2::VPC/FlowLogTest') });
    expect(saved.get('AWS::EC2::SecurityGroup/sg-926a56e8')!.config).toMatchObject({ GroupName: 'launch-wizard-1' });
    expect(saved.get('AWS::RDS::DBInstance/testing')).toMatchObject({ config_class: 'RelationalDatabase', health: 'healthy', status: 'Available', parent_id: idOf('AWS::EC2::VPC/FlowLogTest') });
    expect(saved.get('AWS::RDS::DBInstance/testing')!.config).toMatchObject({ Engine: 'postgres', DBInstanceArn: 'arn:aws:rds:us-east-1:644160558196:db:testing' });
    expect(saved.get('AWS::S3::Bucket/c7n-test-bucket')).toMatchObject({ config_class: 'ObjectStorage', parent_id: idOf('AWS::::Account/644160558196') });
    expect(saved.get('AWS::IAM::User/kapil')).toMatchObject({ config_class: 'User', parent_id: idOf('AWS::::Account/644160558196') });
    expect(saved.get('AWS::IAM::User/kapil')!.config).toMatchObject({ Arn: 'arn:aws:iam::644160558196:user/kapil' });
    // IAM sends a role's trust policy URL-encoded; the item holds it as a document.
    expect(saved.get('AWS::IAM::Role/lambda_basic_execution')!.config).toMatchObject({ AssumeRolePolicyDocument: { Statement: [{ Effect: 'Allow', Principal: { Service: 'lambda.amazonaws.com' }, Action: 'sts:AssumeRole' }] } });
  });

  it('relates instances to their subnet and security groups, and databases to theirs', async () => {
    const saved = await env.configsOf(await env.scraperId('aws-shop'));
    const nameOf = new Map([...saved.entries()].map(([key, row]) => [row.id, key]));
    const ids = [...nameOf.keys()].join(',');
    const relationships = await env.db<{ config_id: string; related_id: string }>(`config_relationships?config_id=in.(${ids})&select=config_id,related_id`);
    const pairs = relationships.map((row) => `${nameOf.get(row.config_id)} -> ${nameOf.get(row.related_id)}`);
    expect(pairs).toEqual(
      expect.arrayContaining([
        'AWS::EC2::Subnet/subnet-3a334610 -> AWS::EC2::Instance/BalancedInstance',
        'AWS::EC2::SecurityGroup/sg-926a56e8 -> AWS::EC2::Instance/BalancedInstance',
        'AWS::EC2::SecurityGroup/sg-411b413c -> AWS::EC2::Instance/ValidTestProductionInstance',
        'AWS::EC2::Subnet/subnet-3a334610 -> AWS::EC2::Instance/ip-172-31-63-4.ec2.internal',
        'AWS::EC2::SecurityGroup/sg-6c7fa917 -> AWS::EC2::Instance/ip-172-31-63-4.ec2.internal',
        'AWS::EC2::SecurityGroup/sg-6c7fa917 -> AWS::RDS::DBInstance/testing',
      ]),
    );
  });

  it('keeps CloudTrail events as changes of the configs they name, less read-only and excluded ones', async () => {
    const saved = await env.configsOf(await env.scraperId('aws-shop'));
    const nameOf = new Map([...saved.entries()].map(([key, row]) => [row.id, key]));
    const changes = await env.db<{ config_id: string; change_type: string; source: string; external_created_by: string | null; external_change_id: string }>(
      `config_changes?config_id=in.(${[...nameOf.keys()].join(',')})&select=config_id,change_type,source,external_created_by,external_change_id&order=external_change_id`,
    );
    expect(changes.map((change) => ({ ...change, config_id: nameOf.get(change.config_id) }))).toEqual([
      { config_id: 'AWS::EC2::Instance/ip-172-31-63-4.ec2.internal', change_type: 'StopInstances', source: 'AWS::CloudTrail::us-east-1:644160558196', external_created_by: 'kapil', external_change_id: '0b7a4a1e-5d1c-4a53-9d1e-3f1c2b0a0001' },
      { config_id: 'AWS::EC2::SecurityGroup/sg-926a56e8', change_type: 'AuthorizeSecurityGroupIngress', source: 'AWS::CloudTrail::us-east-1:644160558196', external_created_by: 'mandeep', external_change_id: '0b7a4a1e-5d1c-4a53-9d1e-3f1c2b0a0002' },
      { config_id: 'AWS::S3::Bucket/c7n-test-bucket', change_type: 'PutBucketPolicy', source: 'AWS::CloudTrail::us-east-1:644160558196', external_created_by: 'kapil', external_change_id: '0b7a4a1e-5d1c-4a53-9d1e-3f1c2b0a0003' },
    ]);
    const lookup = aws.requests.find((request) => request.action === 'LookupEvents')!;
    // maxAge 720h: the events of the last 30 days are asked for.
    expect(Date.now() / 1000 - Number(lookup.params['StartTime'])).toBeGreaterThan(719 * 3600);

    // The next scrape asks from the newest event it read on, and keeps each change once.
    expect((await env.run(await env.scraperId('aws-shop'))).errors).toEqual([]);
    const next = aws.requests.filter((request) => request.action === 'LookupEvents').at(-1)!;
    expect(new Date(Number(next.params['StartTime']) * 1000).toISOString()).toBe('2026-11-26T11:05:00.000Z');
    const again = await env.db<{ id: string }>(`config_changes?config_id=in.(${[...nameOf.keys()].join(',')})&select=id`);
    expect(again).toHaveLength(3);
  });

  it('sends the keys only to the configured endpoint, every request signed by them', async () => {
    expect(aws.requests.length).toBeGreaterThan(8);
    const host = new URL(aws.url).host;
    expect(aws.requests.filter((request) => request.host !== host || request.accessKeyId !== ACCESS_KEY || request.refused)).toEqual([]);
    expect(new Set(aws.requests.map((request) => `${request.service} ${request.action}`))).toEqual(
      new Set(['sts GetCallerIdentity', 'iam ListUsers', 'iam ListRoles', 's3 ListBuckets', 'ec2 DescribeSubnets', 'ec2 DescribeInstances', 'ec2 DescribeVpcs', 'ec2 DescribeSecurityGroups', 'rds DescribeDBInstances', 'cloudtrail LookupEvents']),
    );
    expect(decoy.requests).toEqual([]);
  });

  it('says the secret is wrong when AWS refuses the signature, and saves nothing', async () => {
    await setStoredValue(env.server.pool, TEST_SECRETS, { kind: 'Secret', namespace: 'default', name: 'wrong-keys', key: 'secret' }, 'not-the-secret');
    await env.apply(scrapeConfig('aws-wrong-secret', `    - region: [eu-west-1]\n      endpoint: ${aws.url}\n      accessKey: {value: ${ACCESS_KEY}}\n      secretKey:\n        valueFrom:\n          secretKeyRef: {name: wrong-keys, key: secret}\n`));
    const scraperId = await env.scraperId('aws-wrong-secret');
    const run = await env.run(scraperId);
    expect(run.errors).toEqual([
      `aws[0]: eu-west-1: AWS refused the keys at ${aws.url}: SignatureDoesNotMatch: The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.`,
    ]);
    expect(run.items).toBe(0);
    expect((await env.configsOf(scraperId)).size).toBe(0);
    expect(aws.requests.at(-1)).toMatchObject({ service: 'sts', refused: 'SignatureDoesNotMatch' });
  });

  it('uses an aws connection\'s keys and endpoint, and will not send them to an endpoint of the spec elsewhere', async () => {
    await env.apply(`apiVersion: mission-control.flanksource.com/v1
kind: Connection
metadata: {name: shop-account, namespace: default}
spec:
  aws:
    region: eu-west-1
    accessKey: {value: ${ACCESS_KEY}}
    secretKey: {value: ${SECRET_KEY}}
    url: {value: "${aws.url}"}
`);
    await env.apply(scrapeConfig('aws-by-connection', '    - connection: connection://default/shop-account\n      include: [VPC, S3Bucket]\n      exclude: [cloudtrail]\n'));
    const viaConnection = await env.run(await env.scraperId('aws-by-connection'));
    expect(viaConnection.errors).toEqual([]);
    // Subnets are always read (their zones tag instances), and kept only when included, as config-db does.
    expect([...(await env.configsOf(await env.scraperId('aws-by-connection'))).keys()].sort()).toEqual(['AWS::EC2::VPC/FlowLogTest', 'AWS::S3::Bucket/c7n-test-bucket']);

    // Its Test button asks STS who the keys are.
    const { rows } = await env.server.pool.query<{ id: string }>("select id from connections where name = 'shop-account'");
    expect(await testSaved(env.server, env.token, rows[0]!.id)).toEqual({ status: 200, message: 'ok' });
    const stale = await saveConnection(env.server, env.token, { name: 'stale-account', type: 'aws', url: aws.url, username: ACCESS_KEY, password: 'an-old-secret', properties: { region: 'eu-west-1' } });
    expect(await testSaved(env.server, env.token, stale.id)).toEqual({ status: 400, message: expect.stringMatching(/^SignatureDoesNotMatch: The request signature we calculated does not match/) });

    const elsewhere = await env.applyRaw(scrapeConfig('aws-elsewhere', `    - connection: connection://default/shop-account\n      endpoint: ${decoy.url}\n`));
    expect(elsewhere.status).toBe(400);
    expect(((await elsewhere.json()) as { message: string }).message).toContain(`/spec/aws/0/endpoint: connection default/shop-account is sent only to its own origin ${aws.url}`);
    expect(decoy.requests).toEqual([]);
  });

  it('signs with the temporary keys of the role assumeRole names, and says so when the role is refused', async () => {
    const keys = `      endpoint: ${aws.url}\n      accessKey: {value: ${ACCESS_KEY}}\n      secretKey: {value: ${SECRET_KEY}}\n      include: [S3Bucket]\n      exclude: [cloudtrail]\n`;
    await env.apply(scrapeConfig('aws-as-role', `    - region: [eu-west-1]\n      assumeRole: ${ASSUMABLE_ROLE}\n${keys}`));
    const before = aws.requests.length;
    const run = await env.run(await env.scraperId('aws-as-role'));
    expect(run.errors).toEqual([]);
    expect([...(await env.configsOf(await env.scraperId('aws-as-role'))).keys()]).toEqual(['AWS::S3::Bucket/c7n-test-bucket']);
    const [assume, ...signedAsRole] = aws.requests.slice(before);
    expect(assume).toMatchObject({ service: 'sts', action: 'AssumeRole', accessKeyId: ACCESS_KEY, params: { RoleArn: ASSUMABLE_ROLE } });
    expect(signedAsRole.map((request) => [request.action, request.accessKeyId, request.refused])).toEqual([
      ['GetCallerIdentity', TEMPORARY_KEYS.accessKeyId, undefined],
      ['ListBuckets', TEMPORARY_KEYS.accessKeyId, undefined],
      ['DescribeSubnets', TEMPORARY_KEYS.accessKeyId, undefined],
    ]);

    await env.apply(scrapeConfig('aws-as-admin', `    - region: [eu-west-1]\n      assumeRole: arn:aws:iam::123456789012:role/admin\n${keys}`));
    const refused = await env.run(await env.scraperId('aws-as-admin'));
    expect(refused.errors).toEqual([
      `aws[0]: eu-west-1: AWS refused the keys at ${aws.url}: AccessDenied: User: arn:aws:iam::123456789012:user/Alice is not authorized to perform: sts:AssumeRole on resource: arn:aws:iam::123456789012:role/admin`,
    ]);
  });

  it('asks for keys instead of using the machine\'s own', async () => {
    await env.apply(scrapeConfig('aws-no-keys', `    - region: [eu-west-1]\n      endpoint: ${aws.url}\n`));
    const before = aws.requests.length;
    const run = await env.run(await env.scraperId('aws-no-keys'));
    expect(run.errors).toEqual(['aws[0]: accessKey and secretKey are required (or a connection of type aws that holds them): Pharos does not use the credentials of the machine it runs on']);
    expect(aws.requests.length).toBe(before);
  });
});
