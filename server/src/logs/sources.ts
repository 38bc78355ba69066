import { SPEC_SECRET_RULES } from '@pharos/core';
import type pg from 'pg';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import { openSealedUrls } from '../secrets/spec-secrets.js';
import { EndpointError, resolveEndpoint } from './endpoint.js';
import { FileLogSource } from './file/backend.js';
import { kubeClientOf } from './kubernetes/access.js';
import { KubernetesLogSource } from './kubernetes/source.js';
import { LokiLogSource } from './loki.js';
import { PostgresLogSource } from './postgres.js';
import { SearchEngineLogSource } from './search-engine.js';
import { describeProblems, parseBackendSpec } from './spec.js';
import type { BackendRow } from './target.js';
import { BackendConfigError, type LogSource } from './types.js';

export interface SourceContext {
  pool: pg.Pool;
  secrets: ServerSecrets;
}

/** The searchable source a saved log backend describes. */
export async function logSourceOf(context: SourceContext, row: BackendRow): Promise<LogSource> {
  const parsed = parseBackendSpec(openSealedUrls(row.spec, SPEC_SECRET_RULES.LoggingBackend, context.secrets));
  if ('problems' in parsed) throw new BackendConfigError(`Log backend ${row.name} is not valid: ${describeProblems(parsed.problems)}`);
  const { backend } = parsed;
  if (backend.kind === 'file') return new FileLogSource(backend);
  if (backend.kind === 'kubernetes') return new KubernetesLogSource(backend, await kubeClientOf({ ...context, namespace: row.namespace }, row.name, backend), row.name);
  let endpoint;
  try {
    endpoint = await resolveEndpoint({ ...context, namespace: row.namespace }, backend);
  } catch (error) {
    if (error instanceof EndpointError) throw new BackendConfigError(`Log backend ${row.name}: ${error.message}`);
    throw error;
  }
  if (backend.kind === 'postgres') return new PostgresLogSource(backend, context.pool, endpoint);
  if (!endpoint) throw new BackendConfigError(`Log backend ${row.name} has no url`);
  return backend.kind === 'loki' ? new LokiLogSource(backend, endpoint) : new SearchEngineLogSource(backend, endpoint);
}
