/**
 * `dependsOn`, as canary-checker runs it: when a check of a canary names others it depends on, the
 * canary's checks run one at a time, each after those it names, and each sees the results of those
 * that ran before it as `outputs.{name}` (`pass`, `message`, `duration` and its variables).
 */

interface Named {
  name: string;
  spec: Record<string, unknown>;
}

export function dependsOnOf(check: Named): string[] {
  const names = check.spec['dependsOn'];
  return Array.isArray(names) ? names.filter((name): name is string => typeof name === 'string' && name !== '') : [];
}

export function hasDependencies(checks: readonly Named[]): boolean {
  return checks.some((check) => dependsOnOf(check).length > 0);
}

/** The checks in an order where each comes after those it depends on, else why there is none. */
export function orderByDependencies<T extends Named>(checks: readonly T[]): { ordered: T[] } | { error: string } {
  const byName = new Map(checks.map((check) => [check.name, check]));
  for (const check of checks) {
    for (const dependency of dependsOnOf(check)) {
      if (!byName.has(dependency)) return { error: `check '${check.name}' depends on non-existent check '${dependency}'` };
    }
  }
  const ordered: T[] = [];
  const placed = new Set<string>();
  while (ordered.length < checks.length) {
    const ready = checks.filter((check) => !placed.has(check.name) && dependsOnOf(check).every((dependency) => placed.has(dependency)));
    if (ready.length === 0) return { error: 'circular dependency detected in checks' };
    for (const check of ready) {
      ordered.push(check);
      placed.add(check.name);
    }
  }
  return { ordered };
}
