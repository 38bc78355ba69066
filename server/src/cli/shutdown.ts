import type { Logger } from '../logger.js';

type Step = { name: string; run: () => Promise<void> };

/**
 * Ordered clean-up of a command: steps run in reverse order of registration (HTTP server, then the
 * pool, then the embedded database), once, whether the command ends, fails or is interrupted.
 */
export class Shutdown {
  private readonly steps: Step[] = [];
  private readonly stopping = new AbortController();
  private running: Promise<void> | undefined;
  private current: string | undefined;

  constructor(private readonly logger: Logger) {}

  /** Aborted as soon as the clean-up begins (readiness turns false then, before anything stops). */
  get signal(): AbortSignal {
    return this.stopping.signal;
  }

  add(name: string, run: () => Promise<void>): void {
    this.steps.push({ name, run });
  }

  run(): Promise<void> {
    this.running ??= (async () => {
      this.stopping.abort();
      for (const step of [...this.steps].reverse()) {
        this.current = step.name;
        try {
          await step.run();
          this.logger.debug(`shutdown: ${step.name} stopped`);
        } catch (error) {
          this.logger.error({ err: error }, `shutdown: ${step.name} failed`);
        }
      }
      this.current = undefined;
    })();
    return this.running;
  }

  /**
   * On SIGINT/SIGTERM: clean up (requests and jobs in hand finish), then exit with `exitCode`. When
   * that takes longer than `timeoutMs`, or on a second signal, the process exits at once with 1.
   */
  exitOnSignals(exitCode: (signal: NodeJS.Signals) => number, timeoutMs?: number): void {
    let received = false;
    const onSignal = (signal: NodeJS.Signals): void => {
      if (received) {
        this.logger.warn(`${signal} again: exiting without waiting`);
        process.exit(1);
      }
      received = true;
      this.logger.info(`${signal} received: shutting down`);
      if (timeoutMs !== undefined) {
        setTimeout(() => {
          this.logger.error(`shutdown: still waiting for ${this.current ?? 'the clean-up'} after ${timeoutMs / 1000} s (PHAROS_SHUTDOWN_TIMEOUT): exiting`);
          process.exit(1);
        }, timeoutMs).unref();
      }
      void this.run().finally(() => process.exit(exitCode(signal)));
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  }
}
