import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { DescribeInstancesResult$, DescribeSecurityGroupsResult$, DescribeSubnetsResult$, DescribeVpcsResult$ } from '@aws-sdk/client-ec2';
import { ListRolesResponse$, ListUsersResponse$ } from '@aws-sdk/client-iam';
import { DBInstanceMessage$ } from '@aws-sdk/client-rds';
import { ListBucketsOutput$ } from '@aws-sdk/client-s3';
import { GetCallerIdentityResponse$ } from '@aws-sdk/client-sts';
import { SignatureRefused, verifySignature, type ReceivedRequest } from './sigv4.js';
import { ec2Xml, queryXml, restXml, timeOf, type OutputShape } from './wire.js';

/**
 * An AWS endpoint on loopback for the aws scraper and the cloudwatch check: it checks every request's
 * SigV4 signature against the secrets it knows (refusing a wrong secret or a changed body with AWS's
 * SignatureDoesNotMatch, in each service's error format) and answers the calls Pharos makes with the
 * fixtures beside it (see README.md; EC2's are recorded answers): STS and IAM and RDS over the Query protocol, EC2 over EC2 Query,
 * S3 over REST-XML, CloudTrail over JSON 1.1 and CloudWatch over JSON 1.0.
 */

const FIXTURES = new URL('./fixtures/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');
/** A recorded answer of fixtures/recorded/ (see README.md): the `data` of a placebo file. */
const recorded = (name: string) => (JSON.parse(fixture(`recorded/${name}`)) as { data: Record<string, unknown> }).data;

/** The calls answered with recorded answers: their output shape and the recorded data. */
const RECORDED_ANSWERS: Readonly<Record<string, () => { output: OutputShape; data: Record<string, unknown> }>> = {
  'sts GetCallerIdentity': () => ({ output: GetCallerIdentityResponse$, data: recorded('sts.GetCallerIdentity.json') }),
  'iam ListUsers': () => ({ output: ListUsersResponse$, data: recorded('iam.ListUsers.json') }),
  'iam ListRoles': () => ({ output: ListRolesResponse$, data: recorded('iam.ListRoles.json') }),
  'rds DescribeDBInstances': () => ({ output: DBInstanceMessage$, data: recorded('rds.DescribeDBInstances.json') }),
  's3 ListBuckets': () => ({ output: ListBucketsOutput$, data: recorded('s3.ListBuckets.json') }),
  'ec2 DescribeVpcs': () => ({ output: DescribeVpcsResult$, data: recorded('ec2.DescribeVpcs.json') }),
  'ec2 DescribeSubnets': () => ({ output: DescribeSubnetsResult$, data: recorded('ec2.DescribeSubnets.json') }),
  'ec2 DescribeSecurityGroups': () => ({ output: DescribeSecurityGroupsResult$, data: recorded('ec2.DescribeSecurityGroups.json') }),
  // Two recordings of one account: three running instances, and one stopped.
  'ec2 DescribeInstances': () => ({
    output: DescribeInstancesResult$,
    data: { Reservations: ['ec2.DescribeInstances.running.json', 'ec2.DescribeInstances.stopped.json'].flatMap((name) => recorded(name)['Reservations'] as unknown[]) },
  }),
};

/** One request as the stand-in saw it. */
export interface SeenRequest {
  host: string;
  service: string;
  action: string;
  accessKeyId: string | undefined;
  /** The error code it was refused with, when it was. */
  refused?: string;
  params: Record<string, unknown>;
}

export interface CloudWatchAlarm {
  AlarmName: string;
  StateValue: 'OK' | 'ALARM' | 'INSUFFICIENT_DATA';
  AlarmActions?: string[];
  [field: string]: unknown;
}

export interface AwsStandIn {
  url: string;
  /** Every request that reached it, in order. */
  requests: SeenRequest[];
  /** The alarms DescribeAlarms filters and answers; tests change their states. */
  alarms: CloudWatchAlarm[];
  close(): Promise<void>;
}

const QUERY_NAMESPACES: Readonly<Record<string, string>> = {
  sts: 'https://sts.amazonaws.com/doc/2011-06-15/',
  iam: 'https://iam.amazonaws.com/doc/2010-05-08/',
  rds: 'http://rds.amazonaws.com/doc/2014-10-31/',
};

/** The hand-written fixture of each other call, by service and action. */
const XML_ANSWERS: Readonly<Record<string, string>> = {
  'sts AssumeRole': 'sts-AssumeRole.xml',
};

/** The role AssumeRole grants, and the temporary keys it hands out (those of sts-AssumeRole.xml). */
export const ASSUMABLE_ROLE = 'arn:aws:iam::123456789012:role/shop-reader';
export const TEMPORARY_KEYS = {
  accessKeyId: 'ASIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY',
  sessionToken: /<SessionToken>([^<]+)<\/SessionToken>/.exec(fixture('sts-AssumeRole.xml'))![1]!,
};

const seconds = (text: unknown) => (typeof text === 'string' ? Date.parse(text) / 1000 : text);

/** CloudTrail's events as LookupEvents sends them: times in epoch seconds, each record a JSON string. */
function lookupEvents(): unknown {
  const { Events } = JSON.parse(fixture('cloudtrail-LookupEvents.json')) as { Events: Array<Record<string, unknown>> };
  return { Events: Events.map((event) => ({ ...event, EventTime: seconds(event['EventTime']), CloudTrailEvent: JSON.stringify(event['CloudTrailEvent']) })) };
}

/** The alarms Cloud Custodian recorded (fixtures/recorded/README.md), all in INSUFFICIENT_DATA as recorded. */
export function recordedAlarms(): CloudWatchAlarm[] {
  return ['test_alarm_delete', 'test_alarm_tags_filter', 'test_ec2_autorecover_alarm', 'test_log_group_log_metric_filter_alarm'].flatMap(
    (recording) => recorded(`monitoring.DescribeAlarms.${recording}.json`)['MetricAlarms'] as CloudWatchAlarm[],
  );
}

/** The alarms written for these tests (cloudwatch-DescribeAlarms.json), with the StateTransitionedTimestamp the recordings predate. */
export function writtenAlarms(): CloudWatchAlarm[] {
  return (JSON.parse(fixture('cloudwatch-DescribeAlarms.json')) as { MetricAlarms: CloudWatchAlarm[] }).MetricAlarms;
}

/** An alarm as JSON 1.0 sends it: its times (recorded or ISO 8601) in epoch seconds. */
const alarmOnWire = (alarm: CloudWatchAlarm) =>
  Object.fromEntries(Object.entries(alarm).map(([field, value]) => [field, field.endsWith('Timestamp') ? (timeOf(value)?.getTime() ?? 0) / 1000 : value]));

/** DescribeAlarms' filters, as CloudWatch applies them. */
function describeAlarms(alarms: readonly CloudWatchAlarm[], params: Record<string, unknown>): unknown {
  const names = Array.isArray(params['AlarmNames']) ? (params['AlarmNames'] as string[]) : undefined;
  const prefix = typeof params['AlarmNamePrefix'] === 'string' ? params['AlarmNamePrefix'] : undefined;
  const actionPrefix = typeof params['ActionPrefix'] === 'string' ? params['ActionPrefix'] : undefined;
  const state = typeof params['StateValue'] === 'string' ? params['StateValue'] : undefined;
  const picked = alarms.filter(
    (alarm) =>
      (!names || names.includes(alarm.AlarmName)) &&
      (!prefix || alarm.AlarmName.startsWith(prefix)) &&
      (!actionPrefix || (alarm.AlarmActions ?? []).some((action) => action.startsWith(actionPrefix))) &&
      (!state || alarm.StateValue === state),
  );
  return { MetricAlarms: picked.map(alarmOnWire), CompositeAlarms: [] };
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** AWS's error answer in the format of the service a request was for. */
function sendError(response: ServerResponse, service: string | undefined, status: number, code: string, message: string): void {
  const requestId = '4442587f-ad30-4c39-b3f5-bb4b9a2e2c0e';
  if (service === 'cloudtrail' || service === 'monitoring') {
    response.writeHead(status, { 'content-type': `application/x-amz-json-${service === 'monitoring' ? '1.0' : '1.1'}`, 'x-amzn-errortype': code, 'x-amzn-requestid': requestId });
    response.end(JSON.stringify({ __type: code, message }));
    return;
  }
  response.writeHead(status, { 'content-type': service === 's3' ? 'application/xml' : 'text/xml', 'x-amzn-requestid': requestId });
  if (service === 'ec2') response.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Response><Errors><Error><Code>${code}</Code><Message>${escapeXml(message)}</Message></Error></Errors><RequestID>${requestId}</RequestID></Response>`);
  else if (service === 's3') response.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message><RequestId>${requestId}</RequestId></Error>`);
  else response.end(`<ErrorResponse xmlns="${QUERY_NAMESPACES[service ?? 'sts'] ?? ''}"><Error><Type>Sender</Type><Code>${code}</Code><Message>${escapeXml(message)}</Message></Error><RequestId>${requestId}</RequestId></ErrorResponse>`);
}

async function receive(request: IncomingMessage): Promise<ReceivedRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const target = request.url ?? '/';
  const at = target.indexOf('?');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
  return { method: request.method ?? 'GET', path: at < 0 ? target : target.slice(0, at), query: at < 0 ? '' : target.slice(at + 1), headers, body: Buffer.concat(chunks) };
}

/** The call a request makes, and its parameters: Query's Action, JSON's X-Amz-Target, S3's method and path. */
function callOf(service: string, request: ReceivedRequest): { action: string; params: Record<string, unknown> } {
  if (service === 'cloudtrail' || service === 'monitoring') {
    const target = request.headers['x-amz-target'] ?? '';
    return { action: target.slice(target.lastIndexOf('.') + 1), params: request.body.length > 0 ? (JSON.parse(request.body.toString('utf8')) as Record<string, unknown>) : {} };
  }
  if (service === 's3') return { action: request.method === 'GET' && request.path === '/' ? 'ListBuckets' : `${request.method} ${request.path}`, params: Object.fromEntries(new URLSearchParams(request.query)) };
  const params = Object.fromEntries(new URLSearchParams(request.body.toString('utf8')));
  return { action: params['Action'] ?? '', params };
}

function answer(standIn: AwsStandIn, service: string, action: string, params: Record<string, unknown>, response: ServerResponse): void {
  if (service === 'sts' && action === 'AssumeRole' && params['RoleArn'] !== ASSUMABLE_ROLE) {
    sendError(response, service, 403, 'AccessDenied', `User: arn:aws:iam::123456789012:user/Alice is not authorized to perform: sts:AssumeRole on resource: ${String(params['RoleArn'])}`);
    return;
  }
  if (service === 'cloudtrail' && action === 'LookupEvents') {
    response.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify(lookupEvents()));
    return;
  }
  if (service === 'monitoring' && action === 'DescribeAlarms') {
    response.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' }).end(JSON.stringify(describeAlarms(standIn.alarms, params)));
    return;
  }
  const record = RECORDED_ANSWERS[`${service} ${action}`];
  if (record) {
    const { output, data } = record();
    const body = service === 'ec2' ? ec2Xml(action, output, data) : service === 's3' ? restXml('http://s3.amazonaws.com/doc/2006-03-01/', output, data) : queryXml(action, QUERY_NAMESPACES[service] ?? '', output, data);
    response.writeHead(200, { 'content-type': service === 's3' ? 'application/xml' : 'text/xml' }).end(body);
    return;
  }
  const file = XML_ANSWERS[`${service} ${action}`];
  if (!file) {
    sendError(response, service, 400, 'InvalidAction', `The stand-in has no answer for ${service} ${action}`);
    return;
  }
  response.writeHead(200, { 'content-type': service === 's3' ? 'application/xml' : 'text/xml' }).end(fixture(file));
}

/** Served over HTTPS with this certificate when given (a self-signed one tests skipTLSVerify). */
export interface StandInOptions {
  tls?: { key: string; cert: string };
}

export async function startAwsStandIn(keys: Readonly<Record<string, string>>, options: StandInOptions = {}): Promise<AwsStandIn> {
  const secrets = new Map([...Object.entries(keys), [TEMPORARY_KEYS.accessKeyId, TEMPORARY_KEYS.secretAccessKey]]);
  const requests: SeenRequest[] = [];
  const standIn: AwsStandIn = { url: '', requests, alarms: recordedAlarms(), close: async () => undefined };
  const handle = (incoming: IncomingMessage, response: ServerResponse) => {
    receive(incoming)
      .then((request) => {
        const credential = /Credential=([^/,\s]+)\/[^/]+\/[^/]+\/([^/]+)\//.exec(request.headers['authorization'] ?? '');
        const service = credential?.[2] ?? 'unknown';
        const { action, params } = callOf(service, request);
        const seen: SeenRequest = { host: request.headers['host'] ?? '', service, action, accessKeyId: credential?.[1], params };
        requests.push(seen);
        try {
          verifySignature(request, secrets);
          // Temporary keys are good only with the session token they came with.
          if (seen.accessKeyId === TEMPORARY_KEYS.accessKeyId && request.headers['x-amz-security-token'] !== TEMPORARY_KEYS.sessionToken) {
            throw new SignatureRefused('InvalidClientTokenId', 'The security token included in the request is invalid.', service);
          }
        } catch (error) {
          if (!(error instanceof SignatureRefused)) throw error;
          seen.refused = error.code;
          sendError(response, error.service ?? service, 403, error.code, error.message);
          return;
        }
        answer(standIn, service, action, params, response);
      })
      .catch((error: Error) => {
        response.writeHead(500).end(error.message);
      });
  };
  const server: Server = options.tls ? createHttpsServer(options.tls, handle) : createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `${options.tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return standIn;
}
