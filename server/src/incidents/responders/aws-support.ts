import { isRecord } from '@pharos/core';
import aws4 from 'aws4';
import { ClientSettingsError, field, RemoteError, required, requestJson } from './http.js';
import type { ClientTarget, RemoteState, ResponderClient } from './types.js';

/**
 * The AWS Support API (JSON 1.1 over HTTPS, signed with Signature Version 4 for service "support"):
 * CreateCase, then DescribeCases to follow the case's status. The connection is an AWS one: username
 * the access key, password the secret key, property sessionToken when temporary; its URL, when set,
 * replaces the endpoint https://support.us-east-1.amazonaws.com (the API lives in us-east-1 only).
 * AWS Managed Services service requests are support cases of the service code 'service-request'
 * (how the AMS documentation creates them from the CLI), so aws_ams_services_request is this client
 * with that service code.
 */

const ENDPOINT = 'https://support.us-east-1.amazonaws.com';
const TARGET = 'AWSSupport_20130415';

async function call(target: ClientTarget, operation: string, input: Record<string, unknown>): Promise<unknown> {
  const { connection } = target;
  if (!connection.username || !connection.password) throw new ClientSettingsError(`the connection ${connection.name} needs an access key and a secret key`);
  const url = new URL(connection.url || ENDPOINT);
  const body = JSON.stringify(input);
  const signed = aws4.sign(
    {
      host: url.host,
      path: url.pathname,
      method: 'POST',
      service: 'support',
      region: connection.properties['region'] || 'us-east-1',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `${TARGET}.${operation}` },
      body,
    },
    { accessKeyId: connection.username, secretAccessKey: connection.password, ...(connection.properties['sessionToken'] ? { sessionToken: connection.properties['sessionToken'] } : {}) },
  );
  const headers = Object.fromEntries(Object.entries(signed.headers ?? {}).filter(([name]) => !['host', 'content-length'].includes(name.toLowerCase())).map(([name, value]) => [name, String(value)]));
  return (await requestJson(url.toString(), { method: 'POST', headers, body, signal: target.signal })).body;
}

/** Case status: opened and unassigned → nothing yet; work-in-progress, pending-customer-action … → acknowledged; resolved → resolved and closed. */
export function awsCaseState(status: string): RemoteState {
  const resolved = status === 'resolved';
  return { acknowledged: resolved || !['opened', 'unassigned', 'reopened'].includes(status), resolved, closed: resolved };
}

function supportClient(serviceCode?: string): ResponderClient {
  return {
    async create(target) {
      const { fields } = target;
      const service = serviceCode ?? fields['serviceCode'];
      if (!service) throw new ClientSettingsError('the team\'s aws_support client names no serviceCode (the AWS service the case is about, e.g. amazon-elastic-compute-cloud-linux)');
      const answer = await call(target, 'CreateCase', {
        subject: required(fields, 'description'),
        communicationBody: required(fields, 'body'),
        categoryCode: required(fields, 'category'),
        serviceCode: service,
        severityCode: fields['severityCode'] || 'low',
        issueType: fields['issueType'] || 'technical',
        language: fields['language'] || 'en',
        ...(fields['ccEmailAddresses'] ? { ccEmailAddresses: fields['ccEmailAddresses'].split(',').map((address) => address.trim()) } : {}),
      });
      return { externalId: field(answer, 'caseId', 'AWS Support') };
    },

    async follow(target, caseId) {
      const answer = await call(target, 'DescribeCases', { caseIdList: [caseId], includeResolvedCases: true, includeCommunications: false });
      const cases = isRecord(answer) && Array.isArray(answer['cases']) ? answer['cases'].filter(isRecord) : [];
      const found = cases.find((item) => item['caseId'] === caseId);
      if (!found) throw new RemoteError(`AWS Support has no case ${caseId}`);
      return awsCaseState(field(found, 'status', 'AWS Support'));
    },
  };
}

export const awsSupportClient = supportClient();
export const awsAmsClient = supportClient('service-request');
