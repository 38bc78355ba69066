import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** When each check reached the target: `/c/{index}` requests, in arrival order. */
export interface Arrival {
  check: number;
  at: number;
}

/** The local HTTP server the benchmark's checks call: answers 200 with a small JSON body and notes each arrival (Date.now()). */
export class CheckTarget {
  readonly arrivals: Arrival[] = [];
  private readonly server: Server;

  private constructor() {
    this.server = createServer((request, response) => {
      const match = /^\/c\/(\d+)$/.exec(request.url ?? '');
      if (match) this.arrivals.push({ check: Number(match[1]), at: Date.now() });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    });
    this.server.keepAliveTimeout = 120_000;
  }

  static async start(): Promise<{ target: CheckTarget; url: string }> {
    const target = new CheckTarget();
    await new Promise<void>((resolve) => target.server.listen(0, '127.0.0.1', resolve));
    return { target, url: `http://127.0.0.1:${(target.server.address() as AddressInfo).port}` };
  }

  /** Arrivals at or after `from` (Date.now() time). */
  since(from: number): Arrival[] {
    return this.arrivals.filter((arrival) => arrival.at >= from);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
