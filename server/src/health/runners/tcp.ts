import { connect } from 'node:net';
import { failed, slower, text, type CheckRunner } from './types.js';

/** Opens a TCP connection to `endpoint` (host:port). */
export const tcpCheck: CheckRunner = async (spec, context) => {
  const endpoint = text(spec['endpoint']) ?? text(spec['host']);
  if (!endpoint) return failed('endpoint is required (host:port)');
  const match = /^(.*):(\d+)$/.exec(endpoint.replace(/^tcp:\/\//, ''));
  if (!match) return failed(`'${endpoint}' is not host:port`);
  const host = match[1]!.replace(/^\[|\]$/g, '');
  const port = Number(match[2]);
  const started = performance.now();
  const error = await new Promise<string | undefined>((resolve) => {
    const socket = connect({ host, port });
    const done = (reason?: string) => {
      socket.destroy();
      context.signal.removeEventListener('abort', abort);
      resolve(reason);
    };
    const abort = () => done('timed out');
    context.signal.addEventListener('abort', abort, { once: true });
    socket.once('connect', () => done());
    socket.once('error', (cause: NodeJS.ErrnoException) => done(`${cause.code ?? ''} ${cause.message}`.trim()));
  });
  const duration = Math.round(performance.now() - started);
  if (error) return failed(`cannot connect to ${endpoint}: ${error}`, duration);
  const tooSlow = slower(duration, spec);
  return tooSlow ? failed(tooSlow, duration) : { pass: true, duration, message: `connected to ${endpoint}`, data: { duration } };
};
