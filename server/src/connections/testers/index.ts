import type { ResolvedConnection } from '../resolve.js';
import { loadedOnUse } from '../../modules/loaded-on-use.js';
import { CHANNEL_CONNECTION_TYPES } from '../../channels/channel-types.js';
import { ConnectionTestFailure, TEST_TIMEOUT_MS, TestNotSupported, type ConnectionTester } from './types.js';
import { timeoutSignal } from '../../modules/timeout-signal.js';

export { ConnectionTestFailure, TestNotSupported } from './types.js';

// Each tester's client library (undici, ssh2, ldapts, nodemailer, cloud SDKs …) is loaded on its first test, not at start.
const TESTERS: Readonly<Record<string, ConnectionTester>> = {
  postgres: loadedOnUse(() => import('./sql.js').then((module) => module.testPostgres)),
  mysql: loadedOnUse(() => import('./sql.js').then((module) => module.testMysql)),
  sql_server: loadedOnUse(() => import('./sql.js').then((module) => module.testSqlServer)),
  redis: loadedOnUse(() => import('./redis.js').then((module) => module.testRedis)),
  http: loadedOnUse(() => import('./http.js').then((module) => module.testHttp)),
  prometheus: loadedOnUse(() => import('./http.js').then((module) => module.testPrometheus)),
  elasticsearch: loadedOnUse(() => import('./http.js').then((module) => module.testElasticsearch)),
  ldap: loadedOnUse(() => import('./ldap.js').then((module) => module.testLdap)),
  sftp: loadedOnUse(() => import('./sftp.js').then((module) => module.testSftp)),
  smb: loadedOnUse(() => import('./smb.js').then((module) => module.testSmb)),
  git: loadedOnUse(() => import('./git.js').then((module) => module.testGit)),
  kubernetes: loadedOnUse(() => import('./kubernetes.js').then((module) => module.testKubernetes)),
  aws: loadedOnUse(() => import('./aws.js').then((module) => module.testAws)),
  google_cloud: loadedOnUse(() => import('./google-cloud.js').then((module) => module.testGoogleCloud)),
  azure: loadedOnUse(() => import('./azure.js').then((module) => module.testAzure)),
  folder: loadedOnUse(() => import('./folder.js').then((module) => module.testFolder)),
  email: loadedOnUse(() => import('./channels.js').then((module) => module.testEmail)),
  ...Object.fromEntries(CHANNEL_CONNECTION_TYPES.map((type) => [type, loadedOnUse(() => import('./channels.js').then((module) => module.testChannel))])),
};

/** Types a test really connects for. */
export const TESTABLE_TYPES: readonly string[] = Object.keys(TESTERS).sort();

/** Connects to what the connection names; throws ConnectionTestFailure with the peer's reason, or TestNotSupported. */
export async function testConnection(connection: ResolvedConnection, signal: AbortSignal): Promise<void> {
  const tester = TESTERS[connection.type];
  if (!tester) throw new TestNotSupported(connection.type);
  // Each tester has its own timeouts; this one bounds a peer that accepts and then says nothing.
  const limit = timeoutSignal(TEST_TIMEOUT_MS + 2_000);
  const both = AbortSignal.any([signal, limit]);
  let stop: () => void = () => undefined;
  const stopped = new Promise<never>((_resolve, reject) => {
    stop = () => reject(new ConnectionTestFailure(limit.aborted ? `No answer within ${TEST_TIMEOUT_MS / 1000} s` : 'The test was cancelled'));
    both.addEventListener('abort', stop, { once: true });
  });
  try {
    await Promise.race([tester(connection, both), stopped]);
  } finally {
    both.removeEventListener('abort', stop);
  }
}
