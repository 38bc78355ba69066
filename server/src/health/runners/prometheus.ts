import { request } from 'undici';
import { failed, slower, text, type CheckRunner } from './types.js';
import { basicAuthorization } from '../../http/basic-auth.js';

interface PrometheusAnswer {
  status: string;
  error?: string;
  data?: { resultType: string; result: { metric: Record<string, string>; value?: [number, string] }[] };
}

/**
 * Runs the instant `query` against the Prometheus at `url` (or `host`, or the connection's). Variables:
 * results, a list of the series' labels with their `value`, and as canary-checker has them `value`
 * (the first series' value, 0 for none) and `firstResult`; the check fails on a query error, and
 * its test decides on the values.
 */
export const prometheusCheck: CheckRunner = async (spec, context) => {
  const base = text(spec['url']) ?? text(spec['host']);
  const query = text(spec['query']);
  if (!base) return failed('url is required');
  if (!query) return failed('query is required');
  const username = await context.value(spec['username']);
  const password = await context.value(spec['password']);
  const started = performance.now();
  let answer: PrometheusAnswer;
  try {
    const response = await request(`${base.replace(/\/+$/, '')}/api/v1/query?${new URLSearchParams({ query })}`, {
      headers: { 'user-agent': context.userAgent, ...(username || password ? { authorization: basicAuthorization(username ?? '', password ?? '') } : {}) },
      signal: context.signal,
    });
    answer = (await response.body.json()) as PrometheusAnswer;
  } catch (error) {
    return failed(`${(error as NodeJS.ErrnoException).code ? `${(error as NodeJS.ErrnoException).code}: ` : ''}${(error as Error).message}`, Math.round(performance.now() - started));
  }
  const duration = Math.round(performance.now() - started);
  if (answer.status !== 'success') return failed(`prometheus: ${answer.error ?? answer.status}`, duration);
  const results = (answer.data?.result ?? []).map((series) => ({ ...series.metric, value: series.value ? Number(series.value[1]) : null }));
  const first = results[0];
  const data = { results, value: first?.value ?? 0, firstResult: first ?? {}, duration };
  const tooSlow = slower(duration, spec);
  return tooSlow ? failed(tooSlow, duration, data) : { pass: true, duration, message: `${results.length} series`, data };
};
