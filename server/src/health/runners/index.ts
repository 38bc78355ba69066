import { loadedOnUse } from '../../modules/loaded-on-use.js';
import { alertmanagerCheck } from './alertmanager.js';
import { dnsCheck } from './dns.js';
import { catalogCheck } from './catalog.js';
import { execCheck } from './exec.js';
import { folderCheck } from './folder.js';
import { httpCheck } from './http.js';
import { junitCheck } from './junit.js';
import { kubernetesCheck } from './kubernetes.js';
import { namespaceCheck, podCheck } from './kubernetes-pod.js';
import { icmpCheck } from './icmp.js';
import { ldapCheck } from './ldap.js';
import { prometheusCheck } from './prometheus.js';
import { redisCheck } from './redis.js';
import { elasticsearchCheck, opensearchCheck } from './search.js';
import { mssqlCheck, mysqlCheck, postgresCheck, sqlCheck } from './sql.js';
import { tcpCheck } from './tcp.js';
import type { CheckRunner } from './types.js';

// The MongoDB driver is loaded on the first mongodb check, not at start.
const mongodbCheck: CheckRunner = loadedOnUse(() => import('./mongodb.js').then((module): CheckRunner => module.mongodbCheck));

export { HTTP_USER_AGENT } from './http.js';
export type { CheckOutcome, CheckRunner, RunContext } from './types.js';

/** Check types that run here so far; the others are saved and say they do not run yet. */
export const CHECK_RUNNERS: Readonly<Record<string, CheckRunner>> = {
  http: httpCheck,
  tcp: tcpCheck,
  dns: dnsCheck,
  exec: execCheck,
  sql: sqlCheck,
  postgres: postgresCheck,
  mysql: mysqlCheck,
  mssql: mssqlCheck,
  redis: redisCheck,
  prometheus: prometheusCheck,
  icmp: icmpCheck,
  ldap: ldapCheck,
  // Pharos's spec keys (alertManager, mongo) and canary-checker's (alertmanager, mongodb).
  alertManager: alertmanagerCheck,
  alertmanager: alertmanagerCheck,
  elasticsearch: elasticsearchCheck,
  opensearch: opensearchCheck,
  mongo: mongodbCheck,
  mongodb: mongodbCheck,
  folder: folderCheck,
  junit: junitCheck,
  catalog: catalogCheck,
  kubernetes: kubernetesCheck,
  pod: podCheck,
  namespace: namespaceCheck,
  cloudwatch: loadedOnUse(() => import('./cloudwatch.js').then((module) => module.cloudwatchCheck)),
};

/**
 * How long a check may run when its type reads `timeout` its own way: junit's is in minutes (5 by
 * default), as canary-checker has it; the others' is in milliseconds (undefined: the default).
 */
export function checkTimeoutMs(type: string, spec: Record<string, unknown>): number | undefined {
  const timeout = Number(spec['timeout']);
  if (type === 'junit') return (timeout > 0 ? timeout : 5) * 60_000;
  return timeout > 0 ? timeout : undefined;
}

/** Check types whose results are pushed to Pharos (POST /api/canary/webhook/{name}) instead of run. */
export const PUSHED_CHECK_TYPES: readonly string[] = ['webhook'];
