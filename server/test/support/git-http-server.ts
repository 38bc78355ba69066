import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GitHttpServer {
  /** `http://127.0.0.1:{port}`: a repository `{folder}/infra.git` is `${url}/infra.git`. */
  url: string;
  /** Requests refused for want of the right credentials. */
  refused: number;
  stop(): Promise<void>;
}

/** Answers one request through git's own `git http-backend` (CGI), fetch and push alike. */
function backend(folder: string, request: IncomingMessage, response: ServerResponse, user: string): void {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const cgi = spawn('git', ['http-backend'], {
    env: {
      PATH: process.env['PATH'] ?? '/usr/bin:/bin',
      GIT_PROJECT_ROOT: folder,
      GIT_HTTP_EXPORT_ALL: '1',
      REMOTE_USER: user,
      REQUEST_METHOD: request.method ?? 'GET',
      PATH_INFO: decodeURIComponent(url.pathname),
      QUERY_STRING: url.search.slice(1),
      CONTENT_TYPE: request.headers['content-type'] ?? '',
      ...(request.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: request.headers['content-encoding'] } : {}),
    },
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  request.pipe(cgi.stdin);
  const chunks: Buffer[] = [];
  cgi.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  cgi.once('close', () => {
    const output = Buffer.concat(chunks);
    const end = output.indexOf('\r\n\r\n');
    const head = output.subarray(0, end).toString('utf8');
    let status = 200;
    for (const line of head.split('\r\n')) {
      const [name, ...rest] = line.split(':');
      const value = rest.join(':').trim();
      if (name?.toLowerCase() === 'status') status = Number(value.split(' ')[0]);
      else if (name) response.setHeader(name, value);
    }
    response.writeHead(status).end(output.subarray(end + 4));
  });
}

/**
 * A git server over HTTP for the repositories in `folder`, on loopback, that asks for basic
 * credentials (`username`, `password`) and serves fetch and push through `git http-backend`.
 */
export async function startGitHttpServer(folder: string, username: string, password: string): Promise<GitHttpServer> {
  const expected = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  const state = { refused: 0 };
  const server = createServer((request, response) => {
    if (request.headers.authorization !== expected) {
      state.refused += 1;
      response.writeHead(401, { 'www-authenticate': 'Basic realm="git"' }).end();
      return;
    }
    backend(folder, request, response, username);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get refused() {
      return state.refused;
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
