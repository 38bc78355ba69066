import type { Logger } from '../../logger.js';

/** Work the agent runtime keeps going while it runs (push, pull, and loops other modules add). */
export interface AgentLoop {
  name: string;
  start(): void;
  stop(): Promise<void>;
}

/**
 * Runs `work` every `intervalMs` and as soon as `nudge` is called (never twice at once: a nudge during
 * a run makes one more run right after it). Failures are logged and retried at the next turn.
 */
export function periodicLoop(name: string, intervalMs: number, logger: Logger, work: () => Promise<void>, nudgeDelayMs = 1_000): AgentLoop & { nudge(): void } {
  let timer: NodeJS.Timeout | undefined;
  let dueAt = 0;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;

  const schedule = (delay: number) => {
    if (stopped) return;
    clearTimeout(timer);
    dueAt = Date.now() + delay;
    timer = setTimeout(run, delay);
  };
  const run = (): void => {
    if (stopped) return;
    clearTimeout(timer);
    if (running) {
      again = true;
      return;
    }
    running = work()
      .catch((error: unknown) => logger.warn({ err: error, loop: name }, `Agent ${name} failed; it is tried again`))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          schedule(0);
        } else schedule(intervalMs);
      });
  };

  return {
    name,
    start() {
      stopped = false;
      schedule(0);
    },
    /** A change to send: the next run comes within `nudgeDelayMs`, so a burst of changes makes one run. */
    nudge() {
      if (stopped) return;
      if (running) again = true;
      else if (dueAt > Date.now() + nudgeDelayMs) schedule(nudgeDelayMs);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
