import { AGENT_DEFAULTS, AGENT_SCRAPE_INTERVALS, DNS1123_PATTERN, type AgentScrapeInterval } from '@pharos/core';

/** What `POST /api/agent/generate` creates an agent from, once checked. */
export interface AgentInput {
  name: string;
  description: string | null;
  properties: Record<string, string>;
  kubernetes: { enabled: boolean; interval: AgentScrapeInterval };
  pushTelemetry: { enabled: boolean; topologyName?: string };
}

export const AGENT_NAME_MAX = 253;

/** Thrown with a message a person can act on; answered 400. */
export class AgentInputError extends Error {}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalObject(value: unknown, field: string): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) throw new AgentInputError(`${field} must be an object`);
  return value;
}

function optionalBoolean(value: unknown, field: string, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') throw new AgentInputError(`${field} must be true or false`);
  return value;
}

function checkName(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw new AgentInputError('name is required');
  const name = value.trim();
  if (name.length > AGENT_NAME_MAX) throw new AgentInputError(`name must be at most ${AGENT_NAME_MAX} characters`);
  if (!DNS1123_PATTERN.test(name)) {
    throw new AgentInputError(`name "${name}" must be lowercase letters, digits, hyphens and dots, starting and ending with a letter or digit`);
  }
  return name;
}

function checkProperties(value: unknown): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const [key, entry] of Object.entries(optionalObject(value, 'properties'))) {
    if (key.trim() === '') throw new AgentInputError('properties must not have an empty key');
    if (typeof entry !== 'string') throw new AgentInputError(`properties.${key} must be a string`);
    properties[key] = entry;
  }
  return properties;
}

function checkKubernetes(value: unknown): AgentInput['kubernetes'] {
  const kubernetes = optionalObject(value, 'kubernetes');
  const interval = kubernetes['interval'] ?? AGENT_DEFAULTS.kubernetes.interval;
  if (!(AGENT_SCRAPE_INTERVALS as readonly unknown[]).includes(interval)) {
    throw new AgentInputError(`kubernetes.interval must be one of ${AGENT_SCRAPE_INTERVALS.join(', ')}`);
  }
  return {
    enabled: optionalBoolean(kubernetes['enabled'], 'kubernetes.enabled', AGENT_DEFAULTS.kubernetes.enabled),
    interval: interval as AgentScrapeInterval,
  };
}

function checkPushTelemetry(value: unknown): AgentInput['pushTelemetry'] {
  const telemetry = optionalObject(value, 'pushTelemetry');
  const enabled = optionalBoolean(telemetry['enabled'], 'pushTelemetry.enabled', AGENT_DEFAULTS.pushTelemetry.enabled);
  const topologyName = telemetry['topologyName'];
  if (topologyName === undefined || topologyName === null || topologyName === '') return { enabled };
  if (typeof topologyName !== 'string') throw new AgentInputError('pushTelemetry.topologyName must be a string');
  return { enabled, topologyName: topologyName.trim() };
}

/** The body of `POST /api/agent/generate`, checked field by field. */
export function parseAgentInput(body: unknown): AgentInput {
  if (!isObject(body)) throw new AgentInputError('The body must be a JSON object with at least a name');
  const description = body['description'];
  if (description !== undefined && description !== null && typeof description !== 'string') {
    throw new AgentInputError('description must be a string');
  }
  return {
    name: checkName(body['name']),
    description: typeof description === 'string' && description.trim() !== '' ? description.trim() : null,
    properties: checkProperties(body['properties']),
    kubernetes: checkKubernetes(body['kubernetes']),
    pushTelemetry: checkPushTelemetry(body['pushTelemetry']),
  };
}
