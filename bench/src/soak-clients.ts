import { setTimeout as sleep } from 'node:timers/promises';
import { PAGE_LOAD_CALLS, PAGE_LOAD_SHARE, pickScreen, type ScreenCall } from './soak-mix.js';

const CALL_TIMEOUT_MS = 60_000;

export interface SoakClientOptions {
  /** The servers; client n uses servers[n % length], as a round-robin load balancer would place it. */
  servers: readonly string[];
  /** Bearer token of each client (one person each). */
  tokens: readonly string[];
  /** Catalog item ids the detail screen opens. */
  configIds: readonly string[];
  thinkMinMs: number;
  thinkMaxMs: number;
}

/** Response times (ms) per call of the current phase, and every failure. */
export class CallLog {
  readonly times = new Map<string, number[]>();
  readonly failures: string[] = [];
  failed = 0;

  record(name: string, ms: number): void {
    const list = this.times.get(name);
    if (list) list.push(ms);
    else this.times.set(name, [ms]);
  }

  fail(message: string): void {
    this.failed++;
    if (this.failures.length < 10) this.failures.push(message);
  }

  get calls(): number {
    let total = 0;
    for (const list of this.times.values()) total += list.length;
    return total + this.failed;
  }
}

/** Signed-in clients looping over screens with think time; their number changes between phases. */
export class SoakClients {
  /** Where calls are recorded; swapped at each phase. */
  log = new CallLog();
  private running: Promise<void>[] = [];
  private wanted = 0;

  constructor(private readonly options: SoakClientOptions) {}

  get count(): number {
    return this.running.length;
  }

  /** Starts clients up to `count`, each after a random part of one think time so that they do not move in step. */
  grow(count: number): void {
    if (count > this.options.tokens.length) throw new Error(`only ${this.options.tokens.length} client tokens`);
    this.wanted = count;
    for (let n = this.running.length; n < count; n++) this.running.push(this.loop(n, Math.random() * this.options.thinkMaxMs));
  }

  /** Asks every client to stop after its current screen and waits for them. */
  async stop(): Promise<void> {
    this.wanted = 0;
    await Promise.all(this.running);
    this.running = [];
  }

  private async loop(n: number, delayMs: number): Promise<void> {
    await sleep(delayMs);
    const server = this.options.servers[n % this.options.servers.length]!;
    const headers = { authorization: `Bearer ${this.options.tokens[n]!}`, accept: 'application/json' };
    let first = true;
    while (n < this.wanted) {
      const screen = pickScreen(Math.random());
      const calls = [...(first || Math.random() < PAGE_LOAD_SHARE ? PAGE_LOAD_CALLS : []), ...screen.calls];
      first = false;
      const log = this.log;
      await Promise.all(calls.map((call) => this.call(server, headers, call, log)));
      const { thinkMinMs, thinkMaxMs } = this.options;
      await sleep(thinkMinMs + Math.random() * (thinkMaxMs - thinkMinMs));
    }
  }

  private async call(server: string, headers: Record<string, string>, call: ScreenCall, log: CallLog): Promise<void> {
    const { configIds } = this.options;
    const path = call.path.replace('{config}', configIds[Math.floor(Math.random() * configIds.length)] ?? '00000000-0000-0000-0000-000000000000');
    const started = performance.now();
    try {
      const response = await fetch(`${server}${path}`, {
        method: call.method,
        headers: { ...headers, ...(call.range ? { range: call.range, 'range-unit': 'items', prefer: 'count=exact' } : {}), ...(call.body ? { 'content-type': 'application/json' } : {}) },
        body: call.body ? JSON.stringify(call.body) : undefined,
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      const text = await response.text();
      if (response.status < 200 || response.status > 299) log.fail(`${call.name} ${call.method} ${path} on ${server}: ${response.status} ${text.slice(0, 200)}`);
      else log.record(call.name, performance.now() - started);
    } catch (error) {
      log.fail(`${call.name} ${call.method} ${path} on ${server}: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
    }
  }
}
