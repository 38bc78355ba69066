import { Agent, request } from 'undici';
import { ConnectionTestFailure, TEST_TIMEOUT_MS, failureOf, required, reasonOf, type ConnectionTester } from './types.js';
import type { ResolvedConnection } from '../resolve.js';
import { basicAuthorization } from '../../http/basic-auth.js';
import { timeoutSignal } from '../../modules/timeout-signal.js';

function authorization(connection: ResolvedConnection): Record<string, string> {
  if (connection.username && connection.password) return { authorization: basicAuthorization(connection.username, connection.password) };
  if (connection.password) return { authorization: `Bearer ${connection.password}` };
  return {};
}

const insecureAgent = new Agent({ connect: { rejectUnauthorized: false } });

/** GETs `path` under the connection's URL with its credentials; any answer below 400 is a success. */
async function probe(connection: ResolvedConnection, path: string, signal: AbortSignal): Promise<void> {
  const base = required(connection.url, 'URL').replace(/\/+$/, '');
  let status: number;
  let body: string;
  try {
    const response = await request(`${base}${path}`, {
      headers: authorization(connection),
      signal: AbortSignal.any([signal, timeoutSignal(TEST_TIMEOUT_MS)]),
      ...(connection.insecure_tls ? { dispatcher: insecureAgent } : {}),
    });
    status = response.statusCode;
    body = (await response.body.text()).trim();
  } catch (error) {
    throw new ConnectionTestFailure(`Could not reach ${new URL(base).host}: ${reasonOf(error)}`);
  }
  if (status >= 400) throw new ConnectionTestFailure(`${status}${body ? `: ${body.slice(0, 1000)}` : ''}`);
}

export const testHttp: ConnectionTester = (connection, signal) => failureOf(() => probe(connection, '', signal));

/** The build information answers only on a Prometheus (or a server speaking its API). */
export const testPrometheus: ConnectionTester = (connection, signal) => failureOf(() => probe(connection, '/api/v1/status/buildinfo', signal));

export const testElasticsearch: ConnectionTester = (connection, signal) => failureOf(() => probe(connection, '/_cluster/health', signal));
