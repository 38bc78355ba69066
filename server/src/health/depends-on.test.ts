import { describe, expect, it } from 'vitest';
import { orderByDependencies } from './depends-on.js';

const check = (name: string, dependsOn?: string[]) => ({ name, spec: dependsOn ? { dependsOn } : {} });

describe('orderByDependencies', () => {
  it('puts each check after those it depends on, keeping the others in their order', () => {
    const result = orderByDependencies([check('useUuid', ['getUuid']), check('alone'), check('getUuid')]);
    expect('ordered' in result && result.ordered.map((entry) => entry.name)).toEqual(['alone', 'getUuid', 'useUuid']);
  });

  it('names a dependency that does not exist, and a cycle', () => {
    expect(orderByDependencies([check('a', ['missing'])])).toEqual({ error: "check 'a' depends on non-existent check 'missing'" });
    expect(orderByDependencies([check('a', ['b']), check('b', ['a'])])).toEqual({ error: 'circular dependency detected in checks' });
  });
});
