import { describe, expect, it } from 'vitest';
import { arityOf } from './arity.js';
import { GO_BUILTINS } from './builtins.js';
import type { TemplateFunction } from './exec.js';
import { TEMPLATE_FUNCTIONS } from './functions.js';
import { GOMPLATE_FUNCTIONS, TEMPLATE_NAMESPACES } from './gomplate/index.js';
import { renderTemplate } from './index.js';

/** Every function, called with one argument too many or too few, fails as Go's text/template does. */

const LAZY = new Set(['and', 'or']);
const functions: [string, TemplateFunction][] = Object.entries({ ...GOMPLATE_FUNCTIONS, ...TEMPLATE_FUNCTIONS, ...GO_BUILTINS }).filter(([name]) => !LAZY.has(name));
const namespaced: [string, TemplateFunction][] = Object.entries(TEMPLATE_NAMESPACES).flatMap(([name, methods]) =>
  Object.entries(methods).map(([method, impl]): [string, TemplateFunction] => [`${name}.${method}`, impl]),
);
const all = [...functions, ...namespaced];
const call = (name: string, count: number) => `{{ ${name}${' 1'.repeat(count)} }}`;
const shortName = (name: string) => name.split('.').pop()!;

describe('the number of arguments of every template function', () => {
  it.each(all.filter(([, fn]) => Number.isFinite(arityOf(fn).max)))('%s refuses one argument too many', (name, fn) => {
    const { min, max } = arityOf(fn);
    const want = min === max ? `want ${max} got ${max + 1}` : `want ${min} to ${max} got ${max + 1}`;
    expect(() => renderTemplate(call(name, max + 1), {})).toThrow(`wrong number of args for ${shortName(name)}: ${want}`);
  });

  it.each(all.filter(([, fn]) => arityOf(fn).min > 0))('%s refuses one argument too few', (name, fn) => {
    const { min, max } = arityOf(fn);
    const want = min === max ? `want ${min} got ${min - 1}` : max === Number.POSITIVE_INFINITY ? `want at least ${min} got ${min - 1}` : `want ${min} to ${max} got ${min - 1}`;
    expect(() => renderTemplate(call(name, min - 1), {})).toThrow(`wrong number of args for ${shortName(name)}: ${want}`);
  });

  it('checks and and or too', () => {
    expect(() => renderTemplate('{{ or }}', {})).toThrow('wrong number of args for or: want at least 1 got 0');
  });
});
