import { isRecord, type ComponentProperty } from '@pharos/core';
import { runLookup } from './lookup.js';
import { mergeProperties, propertyMap, propertyOf, resolveProperty, type PropertyResult, type RunScope } from './properties.js';
import type { ComponentCheckSpec, ComponentSpec, ForEachSpec, TopologySpec } from './spec.js';
import { templateText, type TemplateSpec } from './template.js';

/** A component as a run builds it, before it is saved. */
export interface BuiltComponent {
  name: string;
  type: string | null;
  icon: string | null;
  text: string | null;
  tooltip: string | null;
  owner: string | null;
  lifecycle: string | null;
  hidden: boolean;
  externalId: string;
  labels: Record<string, string>;
  properties: ComponentProperty[];
  selectors: Record<string, unknown>[];
  checks: ComponentCheckSpec[];
  configs: Record<string, unknown>[];
  logs: Record<string, unknown>[];
  statusExpr: string | null;
  healthExpr: string | null;
  components: BuiltComponent[];
  /** canary-checker's parentLookup: the component this one moves under once the tree is built. */
  parentLookup?: { name?: string; type?: string; externalID?: string };
}

export interface BuildScope extends RunScope {
  /** Problems that did not stop the run (a property lookup that failed), for job history. */
  errors: string[];
}

export interface BuiltTopology {
  roots: BuiltComponent[];
  /** A component lookup failed: components missing from this run are kept rather than deleted. */
  incomplete: boolean;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function labelsOf(value: unknown): Record<string, string> {
  return isRecord(value) ? Object.fromEntries(Object.entries(value).map(([key, label]) => [key, String(label)])) : {};
}

const records = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter(isRecord) : []);

const COMPONENT_STATUSES: ReadonlySet<string> = new Set(['healthy', 'unhealthy', 'warning', 'unknown', 'info']);

/**
 * The status a lookup gave a component (`status`, `status_reason`, as canary-checker's components
 * carry them) as a constant status expression: a CEL map, which JSON is.
 */
function statusOf(source: Record<string, unknown>): string | null {
  const status = text(source['status']);
  if (!status || !COMPONENT_STATUSES.has(status)) return null;
  const reason = text(source['status_reason']) ?? text(source['statusReason']);
  return JSON.stringify({ status, ...(reason ? { reason } : {}) });
}

/** A component from a spec entry, or from an object a lookup returned (which may carry its own children). */
function componentOf(source: Record<string, unknown>): BuiltComponent {
  return {
    name: String(source['name'] ?? ''),
    type: text(source['type']),
    icon: text(source['icon']),
    text: text(source['text']),
    tooltip: text(source['tooltip']),
    owner: text(source['owner']),
    lifecycle: text(source['lifecycle']),
    hidden: source['hidden'] === true,
    externalId: text(source['externalID']) ?? text(source['external_id']) ?? '',
    labels: labelsOf(source['labels']),
    properties: records(source['properties']).map((property) => propertyOf(property)),
    selectors: records(source['selectors']),
    checks: records(source['checks']) as ComponentCheckSpec[],
    configs: records(source['configs']),
    logs: records(source['logs']),
    statusExpr: text(source['statusExpr']) ?? statusOf(source),
    // A health the spec sets outright is a constant health expression.
    healthExpr: text(source['healthExpr']) ?? (text(source['health']) ? JSON.stringify(source['health']) : null),
    components: records(source['components']).map(componentOf),
    ...(isRecord(source['parentLookup']) ? { parentLookup: source['parentLookup'] as BuiltComponent['parentLookup'] } : {}),
  };
}

/** Moves each component with a parentLookup under the component it names (by external id, else name and type), as canary-checker does. */
function moveToParents(root: BuiltComponent): void {
  const byExternalId = new Map<string, BuiltComponent>();
  const byName = new Map<string, BuiltComponent>();
  const index = (component: BuiltComponent) => {
    byName.set(JSON.stringify([component.name, component.type ?? '']), component);
    if (component.externalId) byExternalId.set(component.externalId, component);
    component.components.forEach(index);
  };
  index(root);
  const move = (component: BuiltComponent) => {
    const kept: BuiltComponent[] = [];
    for (const child of component.components) {
      const lookup = child.parentLookup;
      const parent = lookup ? (lookup.externalID ? byExternalId.get(lookup.externalID) : byName.get(JSON.stringify([lookup.name ?? '', lookup.type ?? '']))) : undefined;
      delete child.parentLookup;
      if (parent && parent !== child) parent.components.push(child);
      else kept.push(child);
    }
    component.components = kept;
    component.components.forEach(move);
  };
  move(root);
}

/** The component as templates see it: `.component`, `.self` and `.properties`. */
function environment(component: BuiltComponent): Record<string, unknown> {
  const self = { ...component, components: undefined, external_id: component.externalId };
  return { component: self, self, properties: propertyMap(component.properties) };
}

/** `$(.x)` is canary-checker's other template delimiter. */
const OTHER_DELIMITER = /\$\((\.[^()]*)\)/g;

/** Every text of a structure that holds a template, rendered with the component. */
async function templated<T>(scope: RunScope, value: T, env: Record<string, unknown>): Promise<T> {
  if (typeof value === 'string') {
    const source = value.replace(OTHER_DELIMITER, '{{$1}}');
    return (source.includes('{{') ? await scope.sandbox.renderTemplate(source, env, 'forEach') : value) as T;
  }
  if (Array.isArray(value)) return (await Promise.all(value.map((item) => templated(scope, item, env)))) as T;
  if (isRecord(value)) {
    const entries = await Promise.all(Object.entries(value).map(async ([key, item]) => [key, await templated(scope, item, env)] as const));
    return Object.fromEntries(entries) as T;
  }
  return value;
}

function findByName(components: readonly BuiltComponent[], name: string): BuiltComponent | undefined {
  for (const component of components) {
    if (component.name === name) return component;
    const found = findByName(component.components, name);
    if (found) return found;
  }
  return undefined;
}

function applyProperties(components: BuiltComponent[], result: PropertyResult | undefined): void {
  if (!result) return;
  if (result.kind === 'properties') {
    for (const component of components) mergeProperties(component.properties, result.properties);
    return;
  }
  for (const entry of result.components) {
    const found = findByName(components, entry.name);
    if (found) mergeProperties(found.properties, entry.properties);
  }
}

/** canary-checker's forEach: each component a lookup returned gets the templated properties, children, links. */
async function forEach(scope: BuildScope, spec: ForEachSpec, component: BuiltComponent): Promise<void> {
  for (const property of spec.properties ?? []) {
    try {
      applyProperties([component], await resolveProperty(scope, await templated(scope, property, environment(component)), component.properties));
    } catch (error) {
      scope.errors.push(`property ${property.name ?? ''} of ${component.name}: ${(error as Error).message}`);
    }
  }
  const env = environment(component);
  for (const child of spec.components ?? []) {
    try {
      component.components.push(...(await buildComponents(scope, await templated(scope, child, env))));
    } catch (error) {
      scope.errors.push(`components of ${component.name}: ${(error as Error).message}`);
    }
  }
  component.configs.push(...(await templated(scope, spec.configs ?? [], env)));
  component.selectors.push(...(await templated(scope, spec.selectors ?? [], env)));
  component.checks.push(...(await templated(scope, spec.checks ?? [], env)));
}

async function externalIdOf(scope: RunScope, id: TemplateSpec | undefined, component: BuiltComponent): Promise<string> {
  if (component.externalId) return component.externalId;
  if (id) {
    const value = await templateText(scope.sandbox, id, environment(component), 'id');
    if (value !== '') return value;
  }
  return component.name;
}

/** The components one spec entry gives: those its lookup returns, or itself with its children. */
export async function buildComponents(scope: BuildScope, spec: ComponentSpec): Promise<BuiltComponent[]> {
  let components: BuiltComponent[];
  if (spec.lookup) {
    const results = await runLookup(scope, spec.lookup, scope.namespace, scope.signal);
    const entries = results.flatMap((result) => {
      if (typeof result !== 'string') return [result];
      const parsed = JSON.parse(result) as unknown;
      return Array.isArray(parsed) ? parsed : [parsed];
    });
    components = entries.filter(isRecord).map(componentOf);
    for (const component of components) {
      component.type ??= text(spec.type);
      if (spec.forEach) await forEach(scope, spec.forEach, component);
    }
  } else {
    // The spec's properties are added below in their order, static or looked up.
    const component = componentOf({ ...spec, properties: [], components: [] });
    for (const child of spec.components ?? []) component.components.push(...(await buildComponents(scope, child)));
    components = [component];
  }
  for (const property of spec.properties ?? []) {
    try {
      applyProperties(components, await resolveProperty(scope, property, components[0]?.properties));
    } catch (error) {
      scope.errors.push(`property ${property.name ?? ''} of ${spec.name ?? 'a lookup'}: ${(error as Error).message}`);
    }
  }
  for (const component of components) {
    component.icon ??= text(spec.icon);
    component.lifecycle ??= text(spec.lifecycle);
    component.externalId = await externalIdOf(scope, spec.id, component);
  }
  return components;
}

/**
 * The component tree of a topology: a root named by `text` (else the topology's name) with the
 * spec's components under it, the topology's labels on each (without overriding theirs), the
 * spec's properties on the root. A lone `virtual` component is left out, its children becoming roots.
 */
export async function buildTopology(scope: BuildScope, name: string, labels: Record<string, string>, spec: TopologySpec): Promise<BuiltTopology> {
  const root = componentOf({ name: spec.text || name, type: spec.type, icon: spec.icon, text: spec.text, tooltip: spec.tooltip, owner: spec.owner, labels, statusExpr: spec.statusExpr, healthExpr: spec.healthExpr, configs: spec.configs });
  let incomplete = false;
  for (const entry of spec.components ?? []) {
    try {
      const components = await buildComponents(scope, entry);
      for (const component of components) component.labels = { ...labels, ...component.labels };
      root.components.push(...components);
    } catch (error) {
      scope.errors.push(`component ${entry.name ?? ''}: ${(error as Error).message}`);
      incomplete = true;
    }
  }
  moveToParents(root);
  if (root.components.length === 1 && root.components[0]!.type === 'virtual') return { roots: root.components[0]!.components, incomplete };
  for (const property of spec.properties ?? []) {
    try {
      applyProperties([root], await resolveProperty(scope, property, root.properties));
    } catch (error) {
      scope.errors.push(`property ${property.name ?? ''}: ${(error as Error).message}`);
    }
  }
  root.externalId = await externalIdOf(scope, spec.id, root);
  return { roots: [root], incomplete };
}
