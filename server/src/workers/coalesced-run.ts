/**
 * Runs `run` one at a time: a wake while it runs asks for one more run once it ends (so work that
 * arrived meanwhile is not left for the next wake), however many wakes came. Wakes while
 * `active()` is false are ignored.
 */
export class CoalescedRun {
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly run: () => Promise<void>,
    private readonly onError: (error: unknown) => void,
    private readonly active: () => boolean,
  ) {}

  wake(): void {
    if (!this.active()) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.run()
      .catch(this.onError)
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Resolves when the run in progress (if any) has ended. */
  async settled(): Promise<void> {
    await this.running;
  }
}
