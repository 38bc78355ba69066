import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A JSON message a webhook channel posted. */
export interface ReceivedHook {
  path: string;
  body: Record<string, unknown>;
}

/**
 * An HTTP server on loopback for webhook channels and HTTP checks alike: it keeps every JSON body
 * posted under /hooks/ and answers 200; any other path answers 200 while it is up and 503 once
 * `down` names it.
 */
export interface LoopbackReceiver {
  url: string;
  /** Paths that answer 503 from now on. */
  down: Set<string>;
  /** The messages posted so far, oldest first. */
  hooks: () => ReceivedHook[];
  close: () => Promise<void>;
}

export async function startLoopbackReceiver(): Promise<LoopbackReceiver> {
  const hooks: ReceivedHook[] = [];
  const down = new Set<string>();
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    if (!path.startsWith('/hooks/')) {
      response.writeHead(down.has(path) ? 503 : 200).end(down.has(path) ? 'down' : 'ok');
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        hooks.push({ path, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> });
        response.writeHead(200).end('ok');
      } catch {
        response.writeHead(400).end('not JSON');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    down,
    hooks: () => [...hooks],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
