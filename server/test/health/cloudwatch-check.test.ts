import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { syncCanary } from '../../src/health/sync.js';
import { setStoredValue } from '../../src/secret-store/store.js';
import { recordedAlarms, startAwsStandIn, writtenAlarms, type AwsStandIn } from '../support/aws-stand-in/index.js';
import { servingCertificate } from '../support/kube-apiserver/certificate.js';
import { startTestServer, TEST_SECRETS, type TestServer } from '../support/server.js';
import { latestResults, type CheckResult } from './canary-runs.js';

/**
 * canary-checker's cloudwatch check against an AWS stand-in on loopback that verifies every SigV4
 * signature and filters its alarms as CloudWatch's DescribeAlarms does: canaries applied through
 * /api/apply, run with Run Now (POST /api/canary/run/check/:id). Recorded answers: the four alarms
 * of Cloud Custodian's DescribeAlarms recordings (cloud-custodian/cloud-custodian
 * `tests/data/placebo/{test}/monitoring.DescribeAlarms_1.json`, Apache-2.0; see
 * server/test/support/aws-stand-in/fixtures/recorded/README.md), all recorded in INSUFFICIENT_DATA: the
 * tests set the states they need. Written by hand (aws-stand-in/README.md), for the test of upstream's
 * transform only: alarms with StateTransitionedTimestamp, which that transform reads and which the
 * recordings predate.
 */

const ACCESS_KEY = 'AKIAIOSFODNN7EXAMPLE';
const SECRET_KEY = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
let server: TestServer;
let sandbox: ExpressionSandbox;
let token: string;
let aws: AwsStandIn;

beforeAll(async () => {
  aws = await startAwsStandIn({ [ACCESS_KEY]: SECRET_KEY });
  sandbox = new ExpressionSandbox();
  server = await startTestServer({ sandbox });
  token = await server.tokenFor(['admin']);
  await setStoredValue(server.pool, TEST_SECRETS, { kind: 'Secret', namespace: 'default', name: 'aws-keys', key: 'secret' }, SECRET_KEY);
  await setStoredValue(server.pool, TEST_SECRETS, { kind: 'Secret', namespace: 'default', name: 'old-keys', key: 'secret' }, 'an-old-secret');
});
beforeEach(() => {
  aws.alarms = recordedAlarms();
});
afterAll(async () => {
  await server?.close();
  await sandbox?.close();
  await aws?.close();
});

/** Applies a canary of one cloudwatch check (upstream's fields, pointed at the stand-in) and answers its id and its check's. */
async function applyCheck(name: string, fields: string, secret = 'aws-keys', endpoint = aws.url): Promise<{ canaryId: string; checkId: string }> {
  const yaml = `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: ${name}
spec:
  schedule: "@every 5m"
  cloudwatch:
    - name: ${name}
      region: eu-west-1
      endpoint: ${endpoint}
      accessKey: {value: ${ACCESS_KEY}}
      secretKey:
        valueFrom:
          secretKeyRef: {name: ${secret}, key: secret}
${fields}`;
  const response = await fetch(`${server.url}/api/apply`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/yaml' }, body: yaml });
  expect(response.status, await response.clone().text()).toBe(200);
  const [canary] = ((await response.json()) as { resources: Array<{ id: string }> }).resources;
  // The engine syncs an applied canary's checks; here it is done at once.
  await syncCanary(server.pool, canary!.id);
  const { rows } = await server.pool.query<{ id: string }>('select id from checks where canary_id = $1 and name = $2 and deleted_at is null', [canary!.id, name]);
  return { canaryId: canary!.id, checkId: rows[0]!.id };
}

async function runNow(check: { canaryId: string; checkId: string }): Promise<Record<string, CheckResult>> {
  const response = await fetch(`${server.url}/api/canary/run/check/${check.checkId}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  expect(response.status, await response.clone().text()).toBe(200);
  return latestResults(server, check.canaryId);
}

describe('the cloudwatch check', () => {
  it('is healthy while none of the alarms it reads is in ALARM', async () => {
    const check = await applyCheck('test-alarms', '      alarmPrefix: c7n-test-\n');
    expect((await runNow(check))['test-alarms']).toMatchObject({ status: true, message: '2 alarms, none in ALARM', error: null });
    expect(aws.requests.at(-1)).toMatchObject({ service: 'monitoring', action: 'DescribeAlarms', params: { AlarmNamePrefix: 'c7n-test-', MaxRecords: 100 } });
  });

  it('is unhealthy with the firing alarms named, and healthy again once they are OK', async () => {
    const check = await applyCheck('c7n-alarms', '      alarmPrefix: c7n-test-\n');
    const alarm = aws.alarms.find((candidate) => candidate.AlarmName === 'c7n-test-alarm-delete')!;
    alarm.StateValue = 'ALARM';
    const firing = (await runNow(check))['c7n-alarms']!;
    expect(firing).toMatchObject({ status: false, error: 'c7n-test-alarm-delete', message: 'in ALARM: c7n-test-alarm-delete' });
    expect(firing.detail).toMatchObject({ firing: ['c7n-test-alarm-delete'] });

    alarm.StateValue = 'OK';
    expect((await runNow(check))['c7n-alarms']).toMatchObject({ status: true, message: '2 alarms, none in ALARM' });
  });

  it('filters by alarm names, action prefix and state as upstream does', async () => {
    aws.alarms.find((alarm) => alarm.AlarmName === 'recover-i-0aaaaec4b77188b69')!.StateValue = 'ALARM';
    aws.alarms.find((alarm) => alarm.AlarmName === 'TestAlarm')!.StateValue = 'ALARM';
    const named = await applyCheck('named-alarms', '      alarms: [c7n-test-alarm-delete, c7n-test-alarm-tags-filter]\n');
    expect((await runNow(named))['named-alarms']).toMatchObject({ status: true, message: '2 alarms, none in ALARM' });
    // Only the auto-recovery alarm has the recover action; TestAlarm, in ALARM too, has none.
    const byAction = await applyCheck('recover-alarms', '      actionPrefix: "arn:aws:automate:us-east-1:ec2:recover"\n      state: ALARM\n');
    expect((await runNow(byAction))['recover-alarms']).toMatchObject({ status: false, error: 'recover-i-0aaaaec4b77188b69', message: 'in ALARM: recover-i-0aaaaec4b77188b69' });
    const wrongState = await applyCheck('bad-state', '      state: FIRING\n');
    expect((await runNow(wrongState))['bad-state']).toMatchObject({ status: false, error: 'state FIRING is not a CloudWatch alarm state: write one of ALARM, INSUFFICIENT_DATA, OK' });
  });

  it('runs upstream\'s transform over results.MetricAlarms', async () => {
    aws.alarms = writtenAlarms();
    const check = await applyCheck(
      'cloudwatch-test',
      `      transform:
        expr: |
          results.MetricAlarms.filter(i, i.StateValue != 'OK' ).map(i,
            {
              'name': i.MetricName,
              'icon': 'aws-cloudwatch-alarm',
              'duration': time.Since(timestamp(i.StateTransitionedTimestamp)).getMilliseconds(),
              'labels': fromAWSMap(i.Dimensions).
                merge({'arn': i.AlarmArn}),
              'message': "%s (%s) %s".format([i.AlarmDescription, i.AlarmArn, fromAWSMap(i.Dimensions)]),
            }
          ).toJSON()
`,
    );
    const results = await runNow(check);
    expect(results['cloudwatch-test']).toMatchObject({ error: 'shop-db-storage-low' });
    expect(Object.keys(results).sort()).toEqual(['EstimatedCharges', 'FreeStorageSpace', 'cloudwatch-test']);
    expect(results['FreeStorageSpace']!.message).toContain('Less than 2 GiB free on orders-db (arn:aws:cloudwatch:eu-west-1:123456789012:alarm:shop-db-storage-low)');
  });

  it('says AWS refused the signature when the secret is wrong', async () => {
    const check = await applyCheck('old-secret', '      alarmPrefix: c7n-test-\n', 'old-keys');
    expect((await runNow(check))['old-secret']).toMatchObject({
      status: false,
      error: 'cloudwatch: SignatureDoesNotMatch: The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
    });
  });

  it('reaches an endpoint of a self-signed certificate only with skipTLSVerify', async () => {
    const secured = await startAwsStandIn({ [ACCESS_KEY]: SECRET_KEY }, { tls: servingCertificate() });
    try {
      const strict = await applyCheck('tls-strict', '      alarmPrefix: c7n-test-alarm-tags\n', 'aws-keys', secured.url);
      expect((await runNow(strict))['tls-strict']!.error).toMatch(/^cloudwatch: .*self[- ]signed certificate/);
      expect(secured.requests).toEqual([]);
      const trusting = await applyCheck('tls-skipped', '      alarmPrefix: c7n-test-alarm-tags\n      skipTLSVerify: true\n', 'aws-keys', secured.url);
      expect((await runNow(trusting))['tls-skipped']).toMatchObject({ status: true, message: '1 alarm, none in ALARM' });
      expect(secured.requests.map((request) => request.action)).toEqual(['DescribeAlarms']);
    } finally {
      await secured.close();
    }
  });
});
