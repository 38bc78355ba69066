import { OAuth2Client } from 'google-auth-library';
import { importPKCS8, SignJWT } from 'jose';
import { GcpAccessError, type ServiceAccountKey } from './access.js';

/** Read-only access to every API of the project (config-db asks for cloud-platform too). */
const SCOPE = 'https://www.googleapis.com/auth/cloud-platform.read-only';

/** Google's OAuth error answer: `{"error": "invalid_grant", "error_description": "Invalid JWT Signature."}`. */
function oauthErrorText(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: unknown; error_description?: unknown };
    if (typeof parsed.error === 'string') return `${parsed.error}${typeof parsed.error_description === 'string' ? `: ${parsed.error_description}` : ''}`;
  } catch {
    // not JSON: the status says it
  }
  return `HTTP ${status}${body ? `: ${body.slice(0, 200)}` : ''}`;
}

/**
 * A client of Google's APIs signed in as the service account: the OAuth 2.0 JWT bearer flow (RFC 7523)
 * against the key's own `token_uri`. google-auth-library's JWT client posts to Google's token URL
 * whatever the key says, so the assertion is signed and exchanged here; the access token it gives is
 * then used by google-auth-library's OAuth2Client for every API call.
 */
export async function signedInClient(key: ServiceAccountKey, signal: AbortSignal): Promise<OAuth2Client> {
  let assertion: string;
  try {
    const privateKey = await importPKCS8(key.privateKey, 'RS256');
    assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(key.privateKeyId ? { kid: key.privateKeyId } : {}) })
      .setIssuer(key.clientEmail)
      .setAudience(key.tokenUri)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
  } catch (error) {
    throw new GcpAccessError(`the private_key of the service account key ${key.clientEmail} cannot sign: ${(error as Error).message}`);
  }
  let response: Response;
  try {
    response = await fetch(key.tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
      signal,
    });
  } catch (error) {
    signal.throwIfAborted();
    throw new GcpAccessError(`cannot reach the token_uri ${key.tokenUri} of the service account key: ${(error as Error).message}`);
  }
  const body = await response.text();
  const refused = `Google refused the service account key of ${key.clientEmail} at ${key.tokenUri}`;
  if (!response.ok) throw new GcpAccessError(`${refused}: ${oauthErrorText(response.status, body)}`);
  const token = JSON.parse(body) as { access_token?: unknown; expires_in?: unknown };
  if (typeof token.access_token !== 'string') throw new GcpAccessError(`${refused}: its answer holds no access_token`);
  const client = new OAuth2Client();
  client.setCredentials({ access_token: token.access_token, token_type: 'Bearer', ...(typeof token.expires_in === 'number' ? { expiry_date: Date.now() + token.expires_in * 1000 } : {}) });
  return client;
}
