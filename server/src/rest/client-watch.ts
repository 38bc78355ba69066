import type { FastifyReply, FastifyRequest } from 'fastify';
import { RestError } from './errors.js';

/**
 * Whether a request's client closed its connection before the answer was sent. Most requests never
 * wait nor are cancelled, so the AbortSignal, which costs more to make than the rest of the watch, is
 * made only for a request that waits for its turn.
 */
export class ClientWatch {
  private goneReason: RestError | undefined;
  private readonly listeners = new Set<() => void>();
  private controller: AbortController | undefined;

  constructor(request: FastifyRequest, reply: FastifyReply) {
    if (request.raw.socket.destroyed) this.leave();
    else
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) this.leave();
      });
  }

  /** Why the request stops, once its client went away. */
  get reason(): RestError | undefined {
    return this.goneReason;
  }

  /** Aborts when the client goes away; for waiting in line. */
  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.goneReason) this.controller.abort(this.goneReason);
    }
    return this.controller.signal;
  }

  /** Calls `listener` once if the client goes away; the function returned stops listening. */
  onGone(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private leave(): void {
    if (this.goneReason) return;
    this.goneReason = new RestError(499, 'PGRST000', 'The client closed the connection before the answer');
    this.controller?.abort(this.goneReason);
    for (const listener of this.listeners) listener();
    this.listeners.clear();
  }
}
