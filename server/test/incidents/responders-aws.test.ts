import aws4 from 'aws4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, respondersTest, StandIn, type Received } from './responders-support.js';

/**
 * AWS Support and AWS Managed Services responders: the real AWS Support endpoint cannot be reached
 * from here, so an HTTP server on loopback stands in for it. It checks each documented request (POST /
 * with X-Amz-Target AWSSupport_20130415.CreateCase or DescribeCases, application/x-amz-json-1.1, a
 * Signature Version 4 Authorization for service support in us-east-1 that it recomputes from the
 * request) and answers as the API does: {caseId}, {cases: [{caseId, status}]}, and
 * {__type, message} on refusal.
 */

const env = respondersTest();
const aws = new StandIn();
const KEY = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' };
const cases = new Map<string, { status: string; input: Record<string, unknown> }>();

/** Signs the received request again with the same date: the signature must be the same. */
function signatureHolds(request: Received): boolean {
  const host = String(request.headers.host);
  const resigned = aws4.sign(
    { host, path: request.url, method: 'POST', service: 'support', region: 'us-east-1', body: request.text, headers: { 'content-type': String(request.headers['content-type']), 'x-amz-target': String(request.headers['x-amz-target']), 'x-amz-date': String(request.headers['x-amz-date']) } },
    KEY,
  );
  return resigned.headers?.['Authorization'] === request.headers.authorization;
}

function route(request: Received, response: Parameters<StandIn['handle']>[1]): void {
  const auth = String(request.headers.authorization ?? '');
  if (!auth.startsWith(`AWS4-HMAC-SHA256 Credential=${KEY.accessKeyId}/`) || !auth.includes('/us-east-1/support/aws4_request') || !signatureHolds(request)) {
    return json(response, 403, { __type: 'InvalidSignatureException', message: 'The request signature we calculated does not match the signature you provided.' });
  }
  if (request.method !== 'POST' || request.url !== '/' || request.headers['content-type'] !== 'application/x-amz-json-1.1') return json(response, 400, { __type: 'SerializationException' });
  const input = request.json as Record<string, unknown>;
  switch (request.headers['x-amz-target']) {
    case 'AWSSupport_20130415.CreateCase': {
      if (input['categoryCode'] === 'unknown') return json(response, 400, { __type: 'CaseCreationLimitExceeded', message: 'You have exceeded the case creation limit.' });
      const caseId = `case-123456789012-muen-2026-${String(cases.size + 1).padStart(16, '0')}`;
      cases.set(caseId, { status: 'opened', input });
      return json(response, 200, { caseId });
    }
    case 'AWSSupport_20130415.DescribeCases': {
      const ids = input['caseIdList'] as string[];
      expect(input['includeResolvedCases']).toBe(true);
      return json(response, 200, { cases: ids.filter((id) => cases.has(id)).map((caseId) => ({ caseId, displayId: '1234567890', status: cases.get(caseId)!.status })) });
    }
    default:
      return json(response, 400, { __type: 'UnknownOperationException' });
  }
}

let teamId: string;
let incidentId: string;

beforeAll(async () => {
  await aws.start();
  aws.handle = route;
  await env.connection({ name: 'aws-prod', type: 'aws', url: aws.url, username: KEY.accessKeyId, password: KEY.secretAccessKey, properties: { region: 'us-east-1' } });
  teamId = await env.team('Cloud', {
    aws_support: { connection: 'aws-prod', serviceCode: 'amazon-elastic-compute-cloud-linux', severityCode: 'high' },
    aws_ams_services_request: { connection: 'aws-prod' },
  });
  incidentId = await env.incident('Instances unreachable');
});

afterAll(() => aws.close());

describe('an AWS Support responder', () => {
  it('opens a signed CreateCase and follows the case through DescribeCases', async () => {
    const id = await env.addResponder({ incident_id: incidentId, team_id: teamId, type: 'system', properties: { responderType: 'aws_support', category: 'instance-issue', description: 'Instances unreachable', body: 'i-0abc stopped answering at 10:02 UTC' } });
    const row = await env.until(() => env.responder(id), (r) => r.external_id !== null);
    const opened = cases.get(row.external_id!)!;
    expect(opened.input).toEqual({
      subject: 'Instances unreachable',
      communicationBody: 'i-0abc stopped answering at 10:02 UTC',
      categoryCode: 'instance-issue',
      serviceCode: 'amazon-elastic-compute-cloud-linux',
      severityCode: 'high',
      issueType: 'technical',
      language: 'en',
    });
    opened.status = 'work-in-progress';
    await env.until(() => env.responder(id), (r) => r.acknowledge_time !== null);
    opened.status = 'resolved';
    const done = await env.until(() => env.responder(id), (r) => r.close_time !== null);
    expect(done.signoff_time).not.toBeNull();
    expect(aws.received.filter((request) => request.headers['x-amz-target'] === 'AWSSupport_20130415.DescribeCases').length).toBeGreaterThanOrEqual(2);
  });

  it('keeps AWS\'s refusal as the error and retries', async () => {
    const id = await env.addResponder({ incident_id: incidentId, team_id: teamId, type: 'system', properties: { responderType: 'aws_support', category: 'unknown', description: 'Too many', body: 'x' } });
    const failed = await env.until(() => env.responder(id), (r) => (r.sync_attempts) >= 2);
    expect(failed.properties['error']).toContain('answered 400: You have exceeded the case creation limit.');
    expect(failed.external_id).toBeNull();
  });
});

describe('an AWS Managed Services service request', () => {
  it('is a support case of the service code service-request', async () => {
    const id = await env.addResponder({ incident_id: incidentId, team_id: teamId, type: 'system', properties: { responderType: 'aws_ams_services_request', category: 'other', description: 'Open port 443', body: 'Please open 443 on sg-123' } });
    const row = await env.until(() => env.responder(id), (r) => r.external_id !== null);
    expect(cases.get(row.external_id!)!.input).toMatchObject({ serviceCode: 'service-request', categoryCode: 'other', subject: 'Open port 443', communicationBody: 'Please open 443 on sg-123', severityCode: 'low' });
    cases.get(row.external_id!)!.status = 'pending-customer-action';
    await env.until(() => env.responder(id), (r) => r.acknowledge_time !== null);
  });
});
