import { loadedOnUse } from '../../modules/loaded-on-use.js';
import type { CheckRunner } from './types.js';

export { HTTP_USER_AGENT } from './user-agent.js';
export type { CheckOutcome, CheckRunner, RunContext } from './types.js';

/** A runner whose module, and the client library it needs, is loaded on the first check of its type, not at start. */
function runner(load: () => Promise<CheckRunner>): CheckRunner {
  return loadedOnUse(load);
}

const sql = (pick: (module: typeof import('./sql.js')) => CheckRunner) => runner(() => import('./sql.js').then(pick));
/** Also the runners of playbooks' http and sql actions. */
export const httpCheck = runner(() => import('./http.js').then((module) => module.httpCheck));
export const sqlCheck = sql((module) => module.sqlCheck);
const alertmanager = runner(() => import('./alertmanager.js').then((module) => module.alertmanagerCheck));
const mongodb = runner(() => import('./mongodb.js').then((module) => module.mongodbCheck));

/** Check types that run here so far; the others are saved and say they do not run yet. */
export const CHECK_RUNNERS: Readonly<Record<string, CheckRunner>> = {
  http: httpCheck,
  tcp: runner(() => import('./tcp.js').then((module) => module.tcpCheck)),
  dns: runner(() => import('./dns.js').then((module) => module.dnsCheck)),
  exec: runner(() => import('./exec.js').then((module) => module.execCheck)),
  sql: sqlCheck,
  postgres: sql((module) => module.postgresCheck),
  mysql: sql((module) => module.mysqlCheck),
  mssql: sql((module) => module.mssqlCheck),
  redis: runner(() => import('./redis.js').then((module) => module.redisCheck)),
  prometheus: runner(() => import('./prometheus.js').then((module) => module.prometheusCheck)),
  icmp: runner(() => import('./icmp.js').then((module) => module.icmpCheck)),
  ldap: runner(() => import('./ldap.js').then((module) => module.ldapCheck)),
  // Pharos's spec keys (alertManager, mongo) and canary-checker's (alertmanager, mongodb).
  alertManager: alertmanager,
  alertmanager,
  elasticsearch: runner(() => import('./search.js').then((module) => module.elasticsearchCheck)),
  opensearch: runner(() => import('./search.js').then((module) => module.opensearchCheck)),
  mongo: mongodb,
  mongodb,
  folder: runner(() => import('./folder.js').then((module) => module.folderCheck)),
  junit: runner(() => import('./junit.js').then((module) => module.junitCheck)),
  catalog: runner(() => import('./catalog.js').then((module) => module.catalogCheck)),
  kubernetes: runner(() => import('./kubernetes.js').then((module) => module.kubernetesCheck)),
  pod: runner(() => import('./kubernetes-pod.js').then((module) => module.podCheck)),
  namespace: runner(() => import('./kubernetes-pod.js').then((module) => module.namespaceCheck)),
  cloudwatch: runner(() => import('./cloudwatch.js').then((module) => module.cloudwatchCheck)),
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
