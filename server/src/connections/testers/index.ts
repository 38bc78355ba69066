import type { ResolvedConnection } from '../resolve.js';
import { loadedOnUse } from '../../modules/loaded-on-use.js';
import { CHANNEL_CONNECTION_TYPES, testChannel, testEmail } from './channels.js';
import { testFolder } from './folder.js';
import { testGit } from './git.js';
import { testKubernetes } from './kubernetes.js';
import { testElasticsearch, testHttp, testPrometheus } from './http.js';
import { testLdap } from './ldap.js';
import { testRedis } from './redis.js';
import { testSftp } from './sftp.js';
import { testSmb } from './smb.js';
import { testMysql, testPostgres, testSqlServer } from './sql.js';
import { ConnectionTestFailure, TEST_TIMEOUT_MS, TestNotSupported, type ConnectionTester } from './types.js';
import { timeoutSignal } from '../../modules/timeout-signal.js';

export { ConnectionTestFailure, TestNotSupported } from './types.js';

const TESTERS: Readonly<Record<string, ConnectionTester>> = {
  postgres: testPostgres,
  mysql: testMysql,
  sql_server: testSqlServer,
  redis: testRedis,
  http: testHttp,
  prometheus: testPrometheus,
  elasticsearch: testElasticsearch,
  ldap: testLdap,
  sftp: testSftp,
  smb: testSmb,
  git: testGit,
  kubernetes: testKubernetes,
  aws: loadedOnUse(() => import('./aws.js').then((module) => module.testAws)),
  google_cloud: loadedOnUse(() => import('./google-cloud.js').then((module) => module.testGoogleCloud)),
  azure: loadedOnUse(() => import('./azure.js').then((module) => module.testAzure)),
  folder: testFolder,
  email: testEmail,
  ...Object.fromEntries(CHANNEL_CONNECTION_TYPES.map((type) => [type, testChannel])),
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
