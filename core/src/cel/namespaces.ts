import type { Environment } from '@marcbachmann/cel-js';

/**
 * Functions as cel-go declares them: global (`HumanDuration(x)`), methods (`"a".camelCase()`) and
 * namespaced (`math.Add([1, 2])`). The engine has no namespaces, so each namespace is a map handed
 * to the expression as a variable of that name (unless the caller has a variable of the name:
 * `data.items` stays the caller's data), and its functions are methods of maps that look up which
 * namespace they were called on; `filepath.Base` and `path.Base` then share one method of one signature.
 */

type Handler = (...args: never[]) => unknown;

export interface CelOverload {
  /** `name(types): type` or `receiver.name(types): type`, as the engine declares functions. */
  signature: string;
  handler: Handler;
  /** Set for a function of a namespace: `signature` is then `Name(types): type`. */
  namespace?: string;
}

export const overload = (signature: string, handler: Handler): CelOverload => ({ signature, handler });

/** The overloads of one namespace: `inNamespace('math', [overload('Add(list): dyn', …)])`. */
export function inNamespace(namespace: string, overloads: readonly CelOverload[]): CelOverload[] {
  return overloads.map((item) => ({ ...item, namespace }));
}

const NAMESPACE_KEY = '__celNamespace';
const SIGNATURE = /^(\w+)\(([^)]*)\):\s*(.+)$/;

/** The variables standing for the namespaces of `overloads`; a namespace also carries its `fields` (`time.Hour`). */
export function namespaceVariables(overloads: readonly CelOverload[], fields: Readonly<Record<string, Record<string, unknown>>> = {}): Readonly<Record<string, unknown>> {
  const names = new Set(overloads.flatMap(({ namespace }) => (namespace === undefined ? [] : [namespace])));
  return Object.fromEntries([...names].map((namespace) => [namespace, { [NAMESPACE_KEY]: namespace, ...fields[namespace] }]));
}

/** Registers the overloads: global functions and methods as they are, a namespace's functions as methods of maps. */
export function registerOverloads(environment: Environment, overloads: readonly CelOverload[]): Environment {
  const byMethod = new Map<string, { name: string; params: string[]; returns: Set<string>; handlers: Map<string, Handler> }>();
  for (const { signature, handler, namespace } of overloads) {
    if (namespace === undefined) {
      environment.registerFunction(signature, handler as (...args: unknown[]) => unknown);
      continue;
    }
    const match = SIGNATURE.exec(signature);
    if (!match) throw new Error(`bad signature ${signature}`);
    const [, name, paramText, returns] = match as unknown as [string, string, string, string];
    const params = paramText.trim() === '' ? [] : paramText.split(',').map((param) => param.trim());
    const key = `${name}(${params.join(',')})`;
    const entry = byMethod.get(key) ?? { name, params, returns: new Set<string>(), handlers: new Map<string, Handler>() };
    entry.returns.add(returns);
    entry.handlers.set(namespace, handler);
    byMethod.set(key, entry);
  }
  for (const { name, params, returns, handlers } of byMethod.values()) {
    environment.registerFunction({
      name,
      receiverType: 'map',
      returnType: returns.size === 1 ? [...returns][0]! : 'dyn',
      params: params.map((type, index) => ({ name: `p${index}`, type })),
      handler: (receiver: unknown, ...args: unknown[]) => {
        const namespace = receiver !== null && typeof receiver === 'object' ? (receiver as Record<string, unknown>)[NAMESPACE_KEY] : undefined;
        const handler = typeof namespace === 'string' ? handlers.get(namespace) : undefined;
        if (!handler) throw new Error(`found no matching overload for '${name}' applied to '(${params.join(', ')})'`);
        return (handler as (...values: unknown[]) => unknown)(...args);
      },
    });
  }
  return environment;
}
