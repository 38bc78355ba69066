import { pingRedis } from '../../connections/clients.js';
import { failed, number, slower, text, type CheckRunner } from './types.js';

/** Connects to `addr` (host:port, or the connection's url), selects `db` and answers PING. */
export const redisCheck: CheckRunner = async (spec, context) => {
  const addr = text(spec['addr']);
  const url = addr ? `redis://${addr.replace(/^redis:\/\//, '')}` : text(spec['url']);
  if (!url) return failed('addr is required (host:port)');
  const credentials = { username: await context.value(spec['username']), password: await context.value(spec['password']) };
  const started = performance.now();
  try {
    const pong = await pingRedis(url, credentials, number(spec['db']) ?? 0);
    const duration = Math.round(performance.now() - started);
    const tooSlow = slower(duration, spec);
    return tooSlow ? failed(tooSlow, duration) : { pass: true, duration, message: pong, data: { duration } };
  } catch (error) {
    return failed((error as Error).message, Math.round(performance.now() - started));
  }
};
