import { ChildPool, type StopReason } from '../workers/child-pool.js';
import { compiledSibling } from '../workers/compiled-file.js';
import { CallerLimit } from './caller-limit.js';
import { ExpressionBusy, ExpressionCancelled, ExpressionError, ExpressionStopped } from './errors.js';
import type { SandboxFailure, SandboxRequest } from './protocol.js';

export { ExpressionBusy, ExpressionCancelled, ExpressionError, ExpressionStopped } from './errors.js';

/** Longest one expression or template may run. */
export const EXPRESSION_TIMEOUT_MS = 2_000;
/** Longest a Javascript script may run (QuickJS stops it itself; its process is killed a little later). */
export const SCRIPT_TIMEOUT_MS = 2_000;
const SCRIPT_GRACE_MS = 3_000;
const SCRIPT_MEMORY_BYTES = 128 * 1024 * 1024;

export interface SandboxLimits {
  timeoutMs: number;
  /** Heap of each expression process: what builds huge values ends there. */
  heapMb: number;
  /** Processes serving previews (HTTP, `pharos eval`) and processes serving checks, jobs and deliveries. */
  interactiveProcesses: number;
  scheduledProcesses: number;
  /** One person's previews that may run or wait at once; past it they are refused. */
  perCaller: number;
}

const DEFAULT_LIMITS: SandboxLimits = { timeoutMs: EXPRESSION_TIMEOUT_MS, heapMb: 128, interactiveProcesses: 1, scheduledProcesses: 2, perCaller: 4 };

/** Who asks for a preview, and the signal that says they went away (the request was closed). */
export interface Interactive {
  caller: string;
  signal?: AbortSignal | undefined;
}

const childFile = (): string => compiledSibling(import.meta.url, 'child');

function stopped(heapMb: number): (reason: StopReason) => ExpressionError {
  return (reason) => {
    switch (reason.kind) {
      case 'timeout':
        return new ExpressionStopped(`the expression took longer than ${reason.ms} ms and was stopped`);
      case 'memory':
        return new ExpressionStopped(`the expression stopped: it used more memory than allowed (${heapMb} MB)`);
      case 'crash':
        return new ExpressionStopped(`the expression stopped: its process ended${reason.detail ? ` (${reason.detail})` : ''}`);
      case 'cancelled':
        return new ExpressionCancelled('the evaluation was dropped: whoever asked for it went away');
      case 'busy':
        return new ExpressionBusy('The server is evaluating too many expressions at once; try again in a moment');
      case 'closed':
        return new ExpressionCancelled('the evaluation was dropped: the expression sandbox was closed (the server is stopping)');
    }
  };
}

/**
 * CEL, templates, jq, JSONPath and Javascript run in child processes, each with a heap and a time
 * limit: the worst expression kills its own process (a new one takes the next request), never the
 * server. Previews people ask for over HTTP run in processes of their own, apart from checks, jobs
 * and deliveries, and each person may have only a few waiting or running; work whose asker went
 * away is dropped, or its process killed.
 */
export class ExpressionSandbox {
  private readonly interactive: ChildPool<SandboxFailure>;
  private readonly scheduled: ChildPool<SandboxFailure>;
  private readonly callers: CallerLimit;
  private readonly limits: SandboxLimits;

  constructor(limits: Partial<SandboxLimits> | number = {}) {
    this.limits = { ...DEFAULT_LIMITS, ...(typeof limits === 'number' ? { timeoutMs: limits } : limits) };
    const { heapMb, interactiveProcesses, scheduledProcesses, perCaller } = this.limits;
    const pool = (size: number, maxQueued: number, niceness: number) =>
      new ChildPool<SandboxFailure>({
        file: childFile,
        size,
        heapMb,
        wasmMb: 320,
        niceness,
        maxQueued,
        recycleAfter: { requests: 5_000, ms: 30 * 60_000 },
        failure: (error) => (error.limit ? new ExpressionStopped(error.message, error.line, error.col) : new ExpressionError(error.message, error.line, error.col)),
        stopped: stopped(heapMb),
      });
    // Below the server's own priority; previews below checks and jobs.
    this.interactive = pool(interactiveProcesses, 8 * perCaller, 15);
    this.scheduled = pool(scheduledProcesses, 1_000, 5);
    this.callers = new CallerLimit(perCaller);
  }

  /** What the expression processes are doing: the ids of those evaluating now, and the requests waiting, for previews and scheduled work. */
  get activity(): { interactive: { busy: number[]; queued: number }; scheduled: { busy: number[]; queued: number } } {
    return {
      interactive: { busy: this.interactive.busyPids, queued: this.interactive.queued },
      scheduled: { busy: this.scheduled.busyPids, queued: this.scheduled.queued },
    };
  }

  /** `durations` names variables holding milliseconds that CEL sees as durations (`sslAge > Duration('7d')`). */
  evaluateCel(expression: string, variables: Record<string, unknown> = {}, durations: readonly string[] = [], interactive?: Interactive): Promise<unknown> {
    return this.submit({ kind: 'cel', expression, variables, ...(durations.length > 0 ? { durations } : {}) }, interactive);
  }

  renderTemplate(text: string, data: unknown, name?: string, interactive?: Interactive): Promise<string> {
    return this.submit({ kind: 'template', text, data, ...(name ? { name } : {}) }, interactive) as Promise<string>;
  }

  /** A template in `$(…)` delimiters, where each top-level variable is also a function (`$(params.name)`), as mission-control renders action fields. */
  renderDollarTemplate(text: string, data: Record<string, unknown>, name?: string): Promise<string> {
    return this.submit({ kind: 'template', text, data, dollar: true, ...(name ? { name } : {}) }, undefined) as Promise<string>;
  }

  /** A jq program over a JSON value, giving its one output. */
  runJq(filter: string, input: unknown, interactive?: Interactive): Promise<unknown> {
    return this.submit({ kind: 'jq', filter, input }, interactive);
  }

  /** Every value a JSONPath selects in a document. */
  async selectJsonPath(path: string, json: unknown, interactive?: Interactive): Promise<unknown[]> {
    return (await this.submit({ kind: 'jsonpath', path, json }, interactive)) as unknown[];
  }

  /**
   * A Javascript script's last value (JSON text is read), with the document as `config`: QuickJS,
   * with no files, network, environment or Node.js of the server's, stopped after SCRIPT_TIMEOUT_MS
   * or past 128 MB.
   */
  async runJavascript(script: string, config: unknown, interactive?: Interactive): Promise<unknown> {
    const value = await this.submit(
      { kind: 'javascript', script, config: JSON.stringify(config ?? null), timeoutMs: SCRIPT_TIMEOUT_MS, memoryBytes: SCRIPT_MEMORY_BYTES },
      interactive,
    );
    return typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  }

  /** Drops the previews waiting or running (their requests answer at once), as the server stops taking requests. */
  stopPreviews(): Promise<void> {
    return this.interactive.close();
  }

  async close(): Promise<void> {
    await Promise.all([this.interactive.close(), this.scheduled.close()]);
  }

  private submit(request: SandboxRequest, interactive: Interactive | undefined): Promise<unknown> {
    const timeoutMs = request.kind === 'javascript' ? SCRIPT_TIMEOUT_MS + SCRIPT_GRACE_MS : this.limits.timeoutMs;
    if (!interactive) return this.scheduled.submit(request, { timeoutMs });
    return this.callers.run(interactive.caller, () => this.interactive.submit(request, { timeoutMs, signal: interactive.signal }));
  }
}
