import { readExec } from './exec.js';
import { readFiles } from './file.js';
import { readHttp } from './http.js';
import { readKubernetes } from './kubernetes/index.js';
import { readKubernetesFiles } from './kubernetes-file.js';
import { readSql } from './sql.js';
import { loadedOnUse } from '../../modules/loaded-on-use.js';
import type { KindReader } from './types.js';

/** Scraper kinds that run here, by their key in a ScrapeConfig spec. */
export const KIND_READERS: Readonly<Record<string, KindReader>> = {
  file: readFiles,
  exec: readExec,
  http: readHttp,
  sql: readSql,
  kubernetesFile: readKubernetesFiles,
  kubernetes: readKubernetes,
  aws: loadedOnUse(() => import('./aws/index.js').then((module) => module.readAws)),
  gcp: loadedOnUse(() => import('./gcp/index.js').then((module) => module.readGcp)),
  azure: loadedOnUse(() => import('./azure/index.js').then((module) => module.readAzure)),
};

const ACCOUNT = (provider: string) => `${/^[AEIOU]/.test(provider) ? 'an' : 'a'} ${provider} account this Pharos is not connected to`;

/** config-db's other scraper kinds, and why they do not run here. */
export const KINDS_NOT_RUN: Readonly<Record<string, string>> = {
  trivy: 'the Trivy scanner, which Pharos does not run',
  azureDevops: ACCOUNT('Azure DevOps'),
  githubActions: ACCOUNT('GitHub'),
  github: ACCOUNT('GitHub'),
  slack: ACCOUNT('Slack'),
  terraform: 'Terraform state this Pharos does not read yet',
  postgres: "config-db's postgres scraper, which Pharos does not have (use sql)",
  playwright: 'a browser, which scrapers do not drive yet',
  clickhouse: 'ClickHouse, which Pharos does not read yet',
  logs: 'log backends, which scrapers do not read yet',
  pubsub: ACCOUNT('Google Cloud'),
};

/** Spec keys that are settings of the whole ScrapeConfig, not scraper kinds. */
export const SPEC_SETTINGS = new Set(['schedule', 'full', 'retention', 'timeout', 'icon', 'description', 'properties']);
