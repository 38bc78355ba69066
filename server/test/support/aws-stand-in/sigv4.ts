import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** A request as it reached the stand-in: the raw path and query as sent, header names in lower case, the body's bytes. */
export interface ReceivedRequest {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body: Buffer;
}

/** Who signed a request, and for which service and region, once the signature holds. */
export interface Signer {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
}

/** Why a request was refused, in AWS's error codes. */
export class SignatureRefused extends Error {
  constructor(
    readonly code: 'SignatureDoesNotMatch' | 'InvalidClientTokenId' | 'IncompleteSignature' | 'MissingAuthenticationToken',
    message: string,
    /** The service the request was signed for, when the header named it (to answer in its error format). */
    readonly service?: string,
  ) {
    super(message);
  }
}

export const SIGNATURE_MISMATCH =
  'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.';

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding as SigV4 wants it: everything but unreserved characters, as %XX in upper case. */
function encode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

const decode = (text: string) => decodeURIComponent(text.replace(/\+/g, ' '));

function canonicalQuery(query: string): string {
  if (query === '') return '';
  const pairs = query.split('&').filter((part) => part !== '').map((part) => {
    const at = part.indexOf('=');
    const [key, value] = at < 0 ? [part, ''] : [part.slice(0, at), part.slice(at + 1)];
    return [encode(decode(key)), encode(decode(value))] as const;
  });
  pairs.sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  return pairs.map(([key, value]) => `${key}=${value}`).join('&');
}

/** S3 signs the path as sent; the other services sign each segment encoded once more. */
function canonicalPath(path: string, service: string): string {
  if (service === 's3') return path === '' ? '/' : path;
  return path.split('/').map((segment) => encode(segment)).join('/') || '/';
}

function parseAuthorization(header: string | undefined): { credential: string[]; signedHeaders: string[]; signature: string } {
  if (!header) throw new SignatureRefused('MissingAuthenticationToken', 'Request is missing Authentication Token');
  const match = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(header.trim());
  if (!match) throw new SignatureRefused('IncompleteSignature', `Authorization header is not a SigV4 signature: ${header}`);
  return { credential: match[1]!.split('/'), signedHeaders: match[2]!.split(';'), signature: match[3]! };
}

/**
 * Checks a SigV4 signature the way AWS does: rebuilds the canonical request from what arrived (the
 * body's own hash, never the one a header claims), signs it with the secret of the access key, and
 * compares. Answers the signer, or throws SignatureRefused.
 */
export function verifySignature(request: ReceivedRequest, secrets: ReadonlyMap<string, string>): Signer {
  const { credential, signedHeaders, signature } = parseAuthorization(request.headers['authorization']);
  const [accessKeyId, date, region, service, terminator] = credential;
  if (!accessKeyId || !date || !region || !service || terminator !== 'aws4_request' || credential.length !== 5) {
    throw new SignatureRefused('IncompleteSignature', `Credential should be scoped to a valid region, service and date: ${credential.join('/')}`);
  }
  const secret = secrets.get(accessKeyId);
  if (secret === undefined) throw new SignatureRefused('InvalidClientTokenId', 'The security token included in the request is invalid.', service);
  const amzDate = request.headers['x-amz-date'];
  if (!amzDate || !amzDate.startsWith(date)) throw new SignatureRefused('IncompleteSignature', 'X-Amz-Date is missing or is not of the credential scope\'s date', service);
  if (!signedHeaders.includes('host')) throw new SignatureRefused('SignatureDoesNotMatch', 'host must be a signed header', service);
  const bodyHash = sha256(request.body);
  const claimed = request.headers['x-amz-content-sha256'];
  // A claimed hash that is not the body's (a body changed on the way) can never be signed right.
  if (claimed !== undefined && claimed !== 'UNSIGNED-PAYLOAD' && claimed !== bodyHash) throw new SignatureRefused('SignatureDoesNotMatch', SIGNATURE_MISMATCH, service);
  const headers = signedHeaders.map((name) => `${name}:${(request.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonical = [request.method, canonicalPath(request.path, service), canonicalQuery(request.query), headers, signedHeaders.join(';'), claimed === 'UNSIGNED-PAYLOAD' ? claimed : bodyHash].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
  const expected = createHmac('sha256', key).update(toSign, 'utf8').digest();
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw new SignatureRefused('SignatureDoesNotMatch', SIGNATURE_MISMATCH, service);
  return { accessKeyId, date, region, service };
}
