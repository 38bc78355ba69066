import { RestError } from '../errors.js';

/**
 * How big one request's query may be. Each bound keeps the cost of planning and running a
 * request small whatever the caller writes; the web app stays far below all of them.
 */
export const QUERY_LIMITS = {
  /** Embedded resources inside embedded resources: `a(b(c(…)))` counts 3. */
  embedDepth: 6,
  /** Embedded resources in one `select`, at every depth. */
  embedCount: 20,
  /** Items (columns, `*`, embeds) in one `select`, at every depth. */
  selectItems: 100,
  /** `and`/`or` groups inside one another in one filter. */
  logicDepth: 8,
  /** Filters and `and`/`or` groups in one request, at every depth of every tree. */
  conditions: 100,
} as const;

export type QueryLimitName = keyof typeof QUERY_LIMITS;

const DESCRIPTIONS: Record<QueryLimitName, { what: string; hint: string }> = {
  embedDepth: { what: 'embedding depth', hint: 'Read deeper levels with a second request filtered on the ids of the first.' },
  embedCount: { what: 'number of embedded resources', hint: 'Embed fewer resources, or read some of them with a second request.' },
  selectItems: { what: 'number of items in select', hint: 'Select fewer columns, or use * for all of them.' },
  logicDepth: { what: 'nesting depth of and/or', hint: 'Flatten the and/or groups.' },
  conditions: { what: 'number of filters', hint: 'Use fewer filters, e.g. one in.(…) instead of many eq.' },
};

/** The 400 of a request over one of the limits: it names the limit and its value. */
export function limitExceeded(name: QueryLimitName): RestError {
  const { what, hint } = DESCRIPTIONS[name];
  const max = QUERY_LIMITS[name];
  return new RestError(400, 'PGRST100', `The request exceeds the limit on the ${what} (${name} = ${max})`, `At most ${max} allowed`, hint);
}

/** Counts against one limit; throws as soon as it is exceeded, so parsing stops early. */
export class LimitCounter {
  private count = 0;

  constructor(private readonly name: QueryLimitName) {}

  add(amount = 1): void {
    this.count += amount;
    if (this.count > QUERY_LIMITS[this.name]) throw limitExceeded(this.name);
  }
}

/** Throws when `depth` is past the limit. */
export function checkDepth(name: 'embedDepth' | 'logicDepth', depth: number): void {
  if (depth > QUERY_LIMITS[name]) throw limitExceeded(name);
}
