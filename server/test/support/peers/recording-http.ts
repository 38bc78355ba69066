import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a recording server received. */
export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
}

export interface RecordingServer {
  /** http://127.0.0.1:{port} */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * An HTTP server on loopback that records every request (method, path, Authorization header) and
 * answers as `answer` says: by default 200 with a small JSON body, which Loki-style and plain HTTP
 * clients both accept.
 */
export async function startRecordingServer(answer?: (request: IncomingMessage, response: ServerResponse) => void): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    requests.push({ method: request.method ?? '', path: request.url ?? '', authorization: request.headers.authorization });
    request.resume();
    if (answer) return answer(request, response);
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ status: 'success', data: { resultType: 'streams', result: [] } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
