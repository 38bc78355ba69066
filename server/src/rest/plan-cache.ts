/** Plans kept at most; the least recently used goes first. */
const MAX_PLANS = 500;
/** Requests with a longer key are planned each time, so that a few huge URLs cannot fill the memory. */
const MAX_KEY_LENGTH = 4_096;

/**
 * What a request compiles to, kept under the request's normalised form: the same request asked again
 * skips parsing and compiling. Only what `make` returns is kept, never what it throws.
 */
export class PlanCache<Plan> {
  private readonly plans = new Map<string, Plan>();

  constructor(private readonly max: number = MAX_PLANS) {}

  get(key: string, make: () => Plan): Plan {
    const kept = this.plans.get(key);
    if (kept !== undefined) {
      // Most recently used last, so the first entry is the one to drop.
      this.plans.delete(key);
      this.plans.set(key, kept);
      return kept;
    }
    const plan = make();
    if (key.length <= MAX_KEY_LENGTH) {
      this.plans.set(key, plan);
      if (this.plans.size > this.max) this.plans.delete(this.plans.keys().next().value as string);
    }
    return plan;
  }
}
