import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments, stringify } from 'yaml';
import type { ExpressionSandbox } from '../../../src/expressions/sandbox.js';
import { syncCanary } from '../../../src/health/sync.js';
import { latestResults, runOnce, type CheckResult } from '../../health/canary-runs.js';
export type { CheckResult };
import type { TestServer } from '../../support/server.js';
import type { Ledger } from './ledger.js';

export const FIXTURES = fileURLToPath(new URL('../fixtures/canary-checker/', import.meta.url));

/** What upstream documents for one check of an example. */
export interface CheckExpectation {
  pass?: boolean;
  message?: string | RegExp;
  error?: RegExp;
  /** Values the check's variables (kept as its detail) hold. */
  detail?: Record<string, unknown>;
  /** Pharos differs from upstream here on purpose, and the expectation above is Pharos's documented behaviour: why. */
  differs?: string;
}

export type CanaryDocument = { metadata: { name: string; namespace?: string; labels?: Record<string, string> }; spec: Record<string, unknown> } & Record<string, unknown>;

export interface CanaryExample {
  /** Under fixtures/canary-checker/. */
  file: string;
  /** Every check passes or fails: upstream's `_pass`/`_fail` naming or its `Expected-Fail` label. */
  expect?: 'pass' | 'fail';
  /** What upstream documents per check, by the check's name. */
  checks?: Record<string, CheckExpectation>;
  /** The change made to run it here (a loopback peer instead of a host on the internet or in a cluster), in words. */
  change?: string;
  rewrite?: (documents: CanaryDocument[]) => void;
  /** Behaves otherwise only because of work under way elsewhere: why. */
  expectedGap?: string;
  /** Behaves otherwise because Pharos lacks what it uses (counted as not behaving as upstream): what. */
  unsupported?: string;
  /** Not run: its system does not exist here. */
  skip?: string;
  /** Further differences from what upstream documents, over the results by check name (of the last run). */
  verify?: (results: Record<string, CheckResult>) => string[];
  /** Runs of its canaries, one after another (1 unless said): checks that read their previous run (`last_result`) run more than once, the first without one. */
  runs?: number;
  /** What changes before run `run` (2, 3, …), as time passes between upstream's scheduled runs. */
  beforeRun?: (run: number) => Promise<void>;
  /** Further differences over every run's results, in order. */
  verifyRuns?: (runs: Record<string, CheckResult>[]) => string[];
}

/** The checks of a document of `type`, to rewrite. */
export function checksOf(document: CanaryDocument, type: string): Record<string, unknown>[] {
  const checks = document.spec[type];
  return Array.isArray(checks) ? (checks as Record<string, unknown>[]) : [];
}

/** Every string of the documents with `from` replaced by `to` (a host on the internet by a loopback peer). */
export function replaceEverywhere(documents: CanaryDocument[], from: string | RegExp, to: string): void {
  const visit = (value: unknown): unknown => {
    if (typeof value === 'string') return value.replace(from instanceof RegExp ? new RegExp(from.source, from.flags.includes('g') ? from.flags : `${from.flags}g`) : new RegExp(from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g'), to);
    if (Array.isArray(value)) return value.map(visit);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, visit(inner)]));
    return value;
  };
  for (const document of documents) document.spec = visit(document.spec) as Record<string, unknown>;
}

export function documentsOf(file: string): CanaryDocument[] {
  return parseAllDocuments(readFileSync(`${FIXTURES}${file}`, 'utf8'))
    .map((document) => document.toJS() as CanaryDocument | null)
    .filter((document): document is CanaryDocument => document !== null);
}

function matches(expected: string | RegExp, actual: string | null): boolean {
  return typeof expected === 'string' ? actual === expected : expected.test(actual ?? '');
}

function mismatchesOf(name: string, expected: CheckExpectation, actual: CheckResult | undefined): string[] {
  if (!actual) return [`${name}: no result`];
  const found: string[] = [];
  const said = `${actual.status ? 'passed' : 'failed'}${actual.error ? ` (${actual.error})` : ''}${actual.message ? ` «${actual.message}»` : ''}`;
  if (expected.pass !== undefined && actual.status !== expected.pass) found.push(`${name}: expected to ${expected.pass ? 'pass' : 'fail'}, ${said}`);
  if (expected.message !== undefined && !matches(expected.message, actual.message)) found.push(`${name}: message «${actual.message}», expected ${String(expected.message)}`);
  if (expected.error !== undefined && !matches(expected.error, actual.error)) found.push(`${name}: error «${actual.error}», expected ${String(expected.error)}`);
  for (const [key, value] of Object.entries(expected.detail ?? {})) {
    if (JSON.stringify(actual.detail?.[key]) !== JSON.stringify(value)) found.push(`${name}: ${key} is ${JSON.stringify(actual.detail?.[key])}, expected ${JSON.stringify(value)}`);
  }
  return found;
}

export interface CanaryHarness {
  server: TestServer;
  sandbox: ExpressionSandbox;
  token: string;
}

/** How one run's results differ from what the example says every run of its checks does. */
function runMismatches(example: CanaryExample, results: Record<string, CheckResult>): string[] {
  const mismatches: string[] = [];
  if (Object.keys(results).length === 0) mismatches.push('no check ran');
  if (example.expect) {
    for (const [name, result] of Object.entries(results)) {
      if (example.checks?.[name]?.pass === undefined) mismatches.push(...mismatchesOf(name, { pass: example.expect === 'pass' }, result));
    }
  }
  for (const [name, expected] of Object.entries(example.checks ?? {})) mismatches.push(...mismatchesOf(name, expected, results[name]));
  return mismatches;
}

/**
 * Applies an example (rewritten as it says) through POST /api/apply in a namespace of its own, runs
 * each of its canaries as the engine does (once, or `runs` times one after another), and answers
 * how its checks' results differ from what upstream documents (nothing when they do not).
 */
/** A check that failed only on its time threshold (`took N ms, more than the threshold of M ms`). */
const THRESHOLD_MISSED = /more than the threshold of \d+ ms\)?$/;

export async function runCanaryExample(harness: CanaryHarness, example: CanaryExample, namespace: string): Promise<string[]> {
  const documents = documentsOf(example.file);
  example.rewrite?.(documents);
  for (const document of documents) document.metadata = { ...document.metadata, namespace };
  const response = await fetch(`${harness.server.url}/api/apply`, {
    method: 'POST',
    headers: { authorization: `Bearer ${harness.token}`, 'content-type': 'application/yaml' },
    body: documents.map((document) => stringify(document)).join('---\n'),
  });
  if (response.status !== 200) return [`apply answered ${response.status}: ${await response.text()}`];
  const { resources } = (await response.json()) as { resources: { kind: string; id: string }[] };
  const canaries = resources.filter((entry) => entry.kind === 'Canary');
  for (const canary of canaries) await syncCanary(harness.server.pool, canary.id);
  const runs: Record<string, CheckResult>[] = [];
  const mismatches: string[] = [];
  const count = example.runs ?? 1;
  const runAll = async (): Promise<Record<string, CheckResult>> => {
    const results: Record<string, CheckResult> = {};
    for (const canary of canaries) {
      await runOnce(harness.server, harness.sandbox, canary.id);
      Object.assign(results, await latestResults(harness.server, canary.id));
    }
    return results;
  };
  let timingRetried = false;
  for (let run = 1; run <= count; run += 1) {
    if (run > 1) await example.beforeRun?.(run);
    let results = await runAll();
    let found = runMismatches(example, results);
    // Upstream's examples set thresholds of 100 ms for loopback peers: a busy machine may miss one once.
    if (!timingRetried && found.length > 0 && found.every((mismatch) => THRESHOLD_MISSED.test(mismatch))) {
      timingRetried = true;
      results = await runAll();
      found = runMismatches(example, results);
    }
    runs.push(results);
    mismatches.push(...found.map((mismatch) => (count > 1 ? `run ${run}: ${mismatch}` : mismatch)));
  }
  mismatches.push(...(example.verify?.(runs.at(-1)!) ?? []), ...(example.verifyRuns?.(runs) ?? []));
  return mismatches;
}

/**
 * Runs an example and records its verdict; answers the mismatches the test asserts on: none for
 * one marked `expectedGap` or `unsupported` (reported instead), which the report asks to unmark
 * once it behaves as upstream.
 */
export async function judgeCanaryExample(harness: CanaryHarness, ledger: Ledger, example: CanaryExample, namespace: string): Promise<string[]> {
  const name = example.file;
  if (example.skip) {
    ledger.record(name, 'skipped', example.skip);
    return [];
  }
  const mismatches = await runCanaryExample(harness, example, namespace);
  const marker = example.expectedGap ?? example.unsupported;
  if (mismatches.length === 0) {
    const differences = Object.entries(example.checks ?? {}).filter(([, check]) => check.differs);
    if (differences.length > 0) ledger.record(name, 'fails', `Pharos differs on purpose: ${differences.map(([check, { differs }]) => `${check}: ${differs}`).join('; ')}`);
    else ledger.record(name, 'conforms', marker ? `now behaves as upstream: drop its marker (${marker})` : undefined);
    return [];
  }
  if (example.expectedGap) {
    ledger.record(name, 'gap', `${example.expectedGap} — ${mismatches.join('; ')}`);
    return [];
  }
  if (example.unsupported) {
    ledger.record(name, 'fails', `unsupported: ${example.unsupported} — ${mismatches.join('; ')}`);
    return [];
  }
  ledger.record(name, 'fails', mismatches.join('; '));
  return mismatches;
}
