import type { Logger } from '../logger.js';

type Step = { name: string; run: () => Promise<void> };

/**
 * Ordered clean-up of a command: steps run in reverse order of registration (HTTP server, then the
 * pool, then the embedded database), once, whether the command ends, fails or is interrupted.
 */
export class Shutdown {
  private readonly steps: Step[] = [];
  private running: Promise<void> | undefined;

  constructor(private readonly logger: Logger) {}

  add(name: string, run: () => Promise<void>): void {
    this.steps.push({ name, run });
  }

  run(): Promise<void> {
    this.running ??= (async () => {
      for (const step of [...this.steps].reverse()) {
        try {
          await step.run();
          this.logger.debug(`shutdown: ${step.name} stopped`);
        } catch (error) {
          this.logger.error({ err: error }, `shutdown: ${step.name} failed`);
        }
      }
    })();
    return this.running;
  }

  /** On SIGINT/SIGTERM: clean up, then exit with `exitCode`; a second signal exits at once. */
  exitOnSignals(exitCode: (signal: NodeJS.Signals) => number): void {
    let received = false;
    const onSignal = (signal: NodeJS.Signals): void => {
      if (received) {
        this.logger.warn(`${signal} again: exiting without waiting`);
        process.exit(1);
      }
      received = true;
      this.logger.info(`${signal} received: shutting down`);
      void this.run().finally(() => process.exit(exitCode(signal)));
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  }
}
