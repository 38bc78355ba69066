import { createClient } from 'redis';
import { failed, number, slower, text, type CheckRunner } from './types.js';

/** Connects to `addr` (host:port, or the connection's url), selects `db` and answers PING. */
export const redisCheck: CheckRunner = async (spec, context) => {
  const addr = text(spec['addr']);
  const url = addr ? `redis://${addr.replace(/^redis:\/\//, '')}` : text(spec['url']);
  if (!url) return failed('addr is required (host:port)');
  const username = await context.value(spec['username']);
  const password = await context.value(spec['password']);
  const client = createClient({
    url,
    ...(username ? { username } : {}),
    ...(password ? { password } : {}),
    database: number(spec['db']) ?? 0,
    socket: { connectTimeout: 10_000, reconnectStrategy: false },
  });
  let lastError: unknown;
  client.on('error', (error: unknown) => (lastError = error));
  const started = performance.now();
  try {
    await client.connect();
    const pong = await client.ping();
    const duration = Math.round(performance.now() - started);
    const tooSlow = slower(duration, spec);
    return tooSlow ? failed(tooSlow, duration) : { pass: true, duration, message: pong, data: { duration } };
  } catch (error) {
    return failed((lastError as Error | undefined)?.message ?? (error as Error).message, Math.round(performance.now() - started));
  } finally {
    if (client.isOpen) await client.quit().catch(() => undefined);
  }
};
