/** An expression that failed, stopped or could not run, with its position when it has one. */
export class ExpressionError extends Error {
  constructor(
    message: string,
    readonly line?: number,
    readonly col?: number,
  ) {
    super(message);
    this.name = 'ExpressionError';
  }
}

/** An expression stopped for going past a limit (time, memory, size of its answer): its process was killed. */
export class ExpressionStopped extends ExpressionError {
  override name = 'ExpressionStopped';
}

/** The evaluation was not run: its caller has too many running already, or the queue is full. */
export class ExpressionBusy extends ExpressionError {
  override name = 'ExpressionBusy';
}

/** The evaluation was dropped because whoever asked for it went away. */
export class ExpressionCancelled extends ExpressionError {
  override name = 'ExpressionCancelled';
}
