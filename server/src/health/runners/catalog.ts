import { isRecord } from '@pharos/core';
import { catalogQuery } from './catalog-query.js';
import { failed, type CheckRunner } from './types.js';

/** Configs kept for the expressions. */
const MAX_ITEMS = 1_000;

/**
 * A query over Pharos's own catalog (`configs`): `selector` is one resource selector or a list of them
 * (ORed), as canary-checker's catalog check takes. Variables: results (the configs, each with its
 * config as an object) and count. It passes when the query runs; `test` decides on what it found.
 */
export const catalogCheck: CheckRunner = async (spec, context) => {
  const selectors = Array.isArray(spec['selector']) ? spec['selector'] : isRecord(spec['selector']) ? [spec['selector']] : [];
  if (selectors.length === 0) return failed('selector is required: e.g. [{types: [Kubernetes::Pod]}]');
  if (!context.pool) return failed('catalog checks run on the Pharos server, over its database');
  const started = performance.now();
  let results: Record<string, unknown>[];
  try {
    const { text, values } = catalogQuery(selectors, MAX_ITEMS);
    results = (await context.pool.query<Record<string, unknown>>(text, values)).rows;
  } catch (error) {
    return failed((error as Error).message, Math.round(performance.now() - started));
  }
  const duration = Math.round(performance.now() - started);
  return { pass: true, duration, message: `${results.length} config${results.length === 1 ? '' : 's'}`, data: { results, count: results.length } };
};
