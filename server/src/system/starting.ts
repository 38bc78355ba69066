/**
 * The work a process does after it begins to answer (its job runner, schedules, caches): until it is
 * done, readiness says the process is still starting, and if it fails, why.
 */
export class Starting {
  private state: { done: false; failure?: string } | { done: true } = { done: false };

  get done(): boolean {
    return this.state.done;
  }

  /** Why the process is not ready yet, in words a person can act on. */
  get reason(): string {
    if (this.state.done) return '';
    return this.state.failure ?? 'The server is still starting: its job runner and schedules are not running yet';
  }

  finish(): void {
    this.state = { done: true };
  }

  fail(message: string): void {
    this.state = { done: false, failure: `The server could not finish starting: ${message}` };
  }
}
