import { isRecord } from '@pharos/core';
import { request } from 'undici';
import { basicAuthorization } from '../../http/basic-auth.js';
import { failed, slower, text, type CheckRunner } from './types.js';

interface GettableAlert {
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  fingerprint?: string;
  startsAt?: string;
  status?: { state?: string };
}

/** One alert as canary-checker hands it to the expressions. */
export interface AlertOfCheck {
  name: string;
  message: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  fingerprint: string;
  state: string;
  startsAt: string | null;
}

/** A label matcher value, quoted for Alertmanager's filter syntax. */
function quoted(value: string): string {
  return JSON.stringify(value);
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item !== '') : [];
}

function stringMap(value: unknown): [string, string][] {
  return isRecord(value) ? Object.entries(value).map(([key, item]) => [key, String(item)]) : [];
}

/** The `filter` parameters canary-checker sends: filters and alerts match, ignore and exclude_filters do not. */
export function alertFilters(spec: Record<string, unknown>): string[] {
  return [
    ...stringMap(spec['filters']).map(([label, pattern]) => `${label}=~${quoted(pattern)}`),
    ...stringList(spec['alerts']).map((pattern) => `alertname=~${quoted(pattern)}`),
    ...stringList(spec['ignore']).map((pattern) => `alertname!~${quoted(pattern)}`),
    ...stringMap(spec['exclude_filters']).map(([label, value]) => `${label}!=${quoted(value)}`),
  ];
}

/** The alert's name with its namespace, node, workload and container, as canary-checker builds it. */
function fullName(labels: Record<string, string>): string {
  const parts = [labels['alertname'] ?? ''];
  for (const key of ['namespace', 'node']) if (labels[key]) parts.push(labels[key]);
  const workload = ['deployment', 'daemonset', 'statefulset', 'cronjob_name', 'job_name', 'pod', 'nodename'].find((key) => labels[key]);
  if (workload) parts.push(labels[workload]!);
  if (labels['container'] && labels['job'] !== labels['container']) parts.push(labels['container']);
  return parts.join('/');
}

function alertOf(alert: GettableAlert): AlertOfCheck {
  const labels = alert.labels ?? {};
  const annotations = alert.annotations ?? {};
  return {
    name: fullName(labels),
    message: annotations['message'] ?? annotations['description'] ?? annotations['summary'] ?? '',
    labels,
    annotations,
    fingerprint: alert.fingerprint ?? '',
    state: alert.status?.state ?? '',
    startsAt: alert.startsAt ?? null,
  };
}

/**
 * Reads the alerts of the Alertmanager at `url` (or `host`) through /api/v2/alerts, narrowed by
 * `alerts` and `filters` (regular expressions that must match), `ignore` (alert names that must not)
 * and `exclude_filters` (label values left out). As in canary-checker the check passes once the alerts
 * are read, and its test decides on them. Variables: alerts (name, message, labels, annotations,
 * fingerprint, state, startsAt), count, and results.alerts as canary-checker names it.
 */
export const alertmanagerCheck: CheckRunner = async (spec, context) => {
  const base = text(spec['url']) ?? text(spec['host']);
  if (!base) return failed('url (or a connection) is required');
  const root = /^https?:\/\//i.test(base) ? base : `http://${base}`;
  const username = await context.value(spec['username']);
  const password = await context.value(spec['password']);
  const query = new URLSearchParams(alertFilters(spec).map((filter): [string, string] => ['filter', filter]));
  const started = performance.now();
  let status: number;
  let body: unknown;
  try {
    const response = await request(`${root.replace(/\/+$/, '')}/api/v2/alerts${query.size > 0 ? `?${query}` : ''}`, {
      headers: { accept: 'application/json', 'user-agent': context.userAgent, ...(username || password ? { authorization: basicAuthorization(username ?? '', password ?? '') } : {}) },
      signal: context.signal,
    });
    status = response.statusCode;
    const answer = await response.body.text();
    try {
      body = JSON.parse(answer);
    } catch {
      body = answer;
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return failed(`alertmanager: ${code ? `${code}: ` : ''}${(error as Error).message}`, Math.round(performance.now() - started));
  }
  const duration = Math.round(performance.now() - started);
  if (status < 200 || status > 299) return failed(`alertmanager answered HTTP ${status}: ${typeof body === 'string' ? body.trim() : JSON.stringify(body)}`, duration);
  if (!Array.isArray(body)) return failed('alertmanager answered something other than a list of alerts', duration);
  const alerts = (body as GettableAlert[]).map(alertOf);
  const data = { alerts, count: alerts.length, results: { alerts }, duration };
  const tooSlow = slower(duration, spec);
  return tooSlow ? failed(tooSlow, duration, data) : { pass: true, duration, message: `${alerts.length} alert${alerts.length === 1 ? '' : 's'}`, data };
};
