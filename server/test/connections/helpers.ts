import type { ConnectionInput, ConnectionView } from '@pharos/core';
import type { TestServer } from '../support/server.js';

export async function api(server: TestServer, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown; text: string }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: response.status, body: parsed, text };
}

let counter = 0;

/** Saves a connection through the API and returns it. */
export async function saveConnection(server: TestServer, token: string, input: Omit<ConnectionInput, 'name' | 'namespace'> & { name?: string; namespace?: string }): Promise<ConnectionView> {
  counter += 1;
  const answer = await api(server, token, 'POST', '/api/connections', { name: `${input.type}-${Date.now()}-${counter}`, namespace: 'default', ...input });
  if (answer.status !== 201) throw new Error(`saving the connection failed: ${answer.status} ${answer.text}`);
  return answer.body as ConnectionView;
}

/** POST /api/connection/test/{id}: the status and the message or error text. */
export async function testSaved(server: TestServer, token: string, id: string): Promise<{ status: number; message: string }> {
  const answer = await api(server, token, 'POST', `/api/connection/test/${id}`);
  const body = answer.body as { message?: string; error?: string } | null;
  return { status: answer.status, message: body?.message ?? answer.text };
}
