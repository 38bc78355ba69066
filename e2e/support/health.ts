import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { SettingsWorld } from './settings.js';

/** An HTTP server on loopback for checks to measure: 200 `{"status":"ok"}` on /ok, 503 on any other path. */
export interface CheckTarget {
  server: Server;
  url: string;
  close(): Promise<void>;
}

export async function startCheckTarget(): Promise<CheckTarget> {
  const server = createServer((request, response) => {
    if (request.url === '/ok') response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    else response.writeHead(503).end('down');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Applies YAML (canaries, scrapers …) through POST /api/apply as the administrator, and expects it saved. */
export async function applyYaml(world: SettingsWorld, yaml: string): Promise<void> {
  const applied = await world.api.post('/api/apply', { headers: { 'Content-Type': 'application/yaml' }, data: yaml });
  expect(applied.ok(), await applied.text()).toBe(true);
}
