import type { TemplateFunction } from '../exec.js';

/**
 * A gomplate namespace (`strings`, `math`, `coll` …): templates call `{{ strings.ToUpper .x }}`,
 * the function `strings` giving this object and `ToUpper` being its method.
 */
export class TemplateNamespace {
  constructor(
    readonly name: string,
    readonly methods: Readonly<Record<string, TemplateFunction>>,
  ) {}

  method(name: string): TemplateFunction | undefined {
    return Object.hasOwn(this.methods, name) ? this.methods[name] : undefined;
  }

  /** As Go prints a pointer to a namespace struct. */
  toString(): string {
    return `&{${this.name}}`;
  }
}
