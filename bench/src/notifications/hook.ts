import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One message a hook received: which rule's hook, the message's title, and when. */
export interface Received {
  rule: number;
  title: string;
  at: number;
}

/** Generic webhooks on loopback (/hook/{rule}) that answer 200 and keep what they receive. */
export class HookServer {
  readonly received: Received[] = [];
  private readonly server: Server;
  url = '';

  constructor() {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const at = Date.now();
        const rule = Number(/^\/hook\/(\d+)$/.exec(request.url ?? '')?.[1] ?? -1);
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { title?: string };
        this.received.push({ rule, title: body.title ?? '', at });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
