import aws4 from 'aws4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAwsStandIn, type AwsStandIn } from '../support/aws-stand-in/index.js';
import { verifySignature } from '../support/aws-stand-in/sigv4.js';

/**
 * The AWS stand-in the aws scraper and the cloudwatch check are tested against refuses what AWS
 * refuses: its SigV4 check agrees with AWS's published test vector, and requests signed by an
 * independent signer (aws4) pass only with the right secret and the body that was signed. The
 * answer to a signed call is STS GetCallerIdentity as Cloud Custodian recorded it
 * (cloud-custodian/cloud-custodian, Apache-2.0; server/test/support/aws-stand-in/fixtures/recorded/README.md).
 */

const ACCESS_KEY = 'AKIAIOSFODNN7EXAMPLE';
const SECRET_KEY = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
let aws: AwsStandIn;

beforeAll(async () => {
  aws = await startAwsStandIn({ [ACCESS_KEY]: SECRET_KEY });
});
afterAll(async () => {
  await aws?.close();
});

/** A Query request to STS, signed with `secret`, as aws4 builds it. */
function signedCall(secret: string, body = 'Action=GetCallerIdentity&Version=2011-06-15'): { headers: Record<string, string>; body: string } {
  const url = new URL(aws.url);
  const signed = aws4.sign({ host: url.host, path: '/', method: 'POST', service: 'sts', region: 'eu-west-1', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body }, { accessKeyId: ACCESS_KEY, secretAccessKey: secret });
  const headers = Object.fromEntries(Object.entries(signed.headers ?? {}).filter(([name]) => !['host', 'content-length'].includes(name.toLowerCase())).map(([name, value]) => [name, String(value)]));
  return { headers, body };
}

async function send(call: { headers: Record<string, string>; body: string }): Promise<{ status: number; text: string }> {
  const response = await fetch(`${aws.url}/`, { method: 'POST', headers: call.headers, body: call.body });
  return { status: response.status, text: await response.text() };
}

describe('the AWS stand-in', () => {
  it('agrees with the get-vanilla case of AWS\'s Signature Version 4 test suite', () => {
    const signer = verifySignature(
      {
        method: 'GET',
        path: '/',
        query: '',
        headers: {
          host: 'example.amazonaws.com',
          'x-amz-date': '20150830T123600Z',
          authorization: 'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
        },
        body: Buffer.alloc(0),
      },
      new Map([['AKIDEXAMPLE', 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY']]),
    );
    expect(signer).toEqual({ accessKeyId: 'AKIDEXAMPLE', date: '20150830', region: 'us-east-1', service: 'service' });
  });

  it('answers a request signed with the right secret', async () => {
    const answer = await send(signedCall(SECRET_KEY));
    expect(answer.status).toBe(200);
    // The recorded GetCallerIdentity answer (aws-stand-in/fixtures/recorded/README.md).
    expect(answer.text).toContain('<Account>644160558196</Account>');
  });

  it('refuses a wrong secret with SignatureDoesNotMatch in the Query error format', async () => {
    const answer = await send(signedCall('wJalrXUtnFEMI/K7MDENG/bPxRfiCYWRONGKEY'));
    expect(answer.status).toBe(403);
    expect(answer.text).toContain('<Code>SignatureDoesNotMatch</Code>');
    expect(answer.text).toContain('The request signature we calculated does not match the signature you provided.');
  });

  it('refuses a body changed after signing', async () => {
    const call = signedCall(SECRET_KEY, 'Action=GetCallerIdentity&Version=2011-06-15');
    const answer = await send({ ...call, body: 'Action=GetCallerIdentity&Version=2011-06-16' });
    expect(answer.status).toBe(403);
    expect(answer.text).toContain('<Code>SignatureDoesNotMatch</Code>');
  });

  it('refuses a claimed payload hash that is not the body\'s, and an unknown key', async () => {
    const call = signedCall(SECRET_KEY);
    const tampered = await send({ ...call, headers: { ...call.headers, 'x-amz-content-sha256': '0'.repeat(64) } });
    expect(tampered.text).toContain('<Code>SignatureDoesNotMatch</Code>');
    const stranger = signedCall(SECRET_KEY);
    stranger.headers['Authorization'] = stranger.headers['Authorization']!.replace(ACCESS_KEY, 'AKIASTRANGEREXAMPLE1');
    const unknown = await send(stranger);
    expect(unknown.status).toBe(403);
    expect(unknown.text).toContain('<Code>InvalidClientTokenId</Code>');
  });
});
