import ntlmClient from '@ewsjs/ntlm-client';
import { request, type Dispatcher } from 'undici';

export interface NtlmCredentials {
  username: string;
  password: string;
  /** From `DOMAIN\user`; else the domain the server names in its challenge. */
  domain?: string;
}

/** `DOMAIN\user` or `user` with its password. */
export function ntlmCredentials(username: string, password: string): NtlmCredentials {
  const slash = username.indexOf('\\');
  return slash > 0 ? { domain: username.slice(0, slash), username: username.slice(slash + 1), password } : { username, password };
}

type RequestOptions = { dispatcher: Dispatcher } & Omit<Dispatcher.RequestOptions, 'origin' | 'path'>;

/**
 * One request with NTLM authentication (NTLMv2 when the server offers it): the negotiate message,
 * then the answer to the server's challenge, on the same connection, which is what NTLM
 * authenticates; the dispatcher must keep a single connection to the origin. A server that
 * answers the first message with anything but an NTLM challenge gets its answer returned as it is.
 */
export async function ntlmRequest(url: URL, options: RequestOptions, credentials: NtlmCredentials): Promise<Dispatcher.ResponseData> {
  const headers = { ...(options.headers as Record<string, string>) };
  const negotiate = await request(url, { ...options, headers: { ...headers, authorization: ntlmClient.createType1Message(undefined, credentials.domain) } });
  const challenge = [negotiate.headers['www-authenticate']].flat().find((value) => typeof value === 'string' && /^NTLM \S+/.test(value));
  if (negotiate.statusCode !== 401 || !challenge) return negotiate;
  await negotiate.body.dump();
  const type2 = ntlmClient.decodeType2Message(challenge);
  const authenticate = ntlmClient.createType3Message(type2, credentials.username, credentials.password, undefined, credentials.domain);
  return request(url, { ...options, headers: { ...headers, authorization: authenticate } });
}
