import { withoutCredentials } from '@pharos/core';
import { MongoClient, MongoServerError, type Document } from 'mongodb';
import { reasonOf } from '../../connections/testers/types.js';
import { failed, slower, text, type CheckRunner } from './types.js';

/** canary-checker's bounds: 3 s to connect, 5 s for the whole check. */
const CONNECT_TIMEOUT_MS = 3_000;
const SERVER_SELECTION_TIMEOUT_MS = 5_000;

/** `$(username)` and `$(password)` in a canary-checker connection URL take the check's credentials. */
export function interpolateCredentials(url: string, username: string | undefined, password: string | undefined): string {
  return url.replaceAll('$(username)', encodeURIComponent(username ?? '')).replaceAll('$(password)', encodeURIComponent(password ?? ''));
}

/** `hello`, or `isMaster` on servers older than 4.4.2 that do not know it. */
async function hello(client: MongoClient): Promise<Document> {
  try {
    return await client.db('admin').command({ hello: 1 });
  } catch (error) {
    if (error instanceof MongoServerError && error.code === 59) return client.db('admin').command({ isMaster: 1 });
    throw error;
  }
}

/**
 * Connects to the MongoDB at `url` (mongodb:// or mongodb+srv://; `username` and `password` fill
 * `$(username)`/`$(password)` in it, else authenticate as given), runs `ping` on the primary and reads
 * `hello`. Variables: hello (isWritablePrimary, setName, minWireVersion, maxWireVersion, readOnly).
 */
export const mongodbCheck: CheckRunner = async (spec, context) => {
  const target = text(spec['url']) ?? (await context.value(spec['url']));
  if (!target) return failed('url (or a connection) is required');
  if (!/^mongodb(\+srv)?:\/\//.test(target)) return failed(`'${withoutCredentials(target)}' is not a mongodb:// or mongodb+srv:// URL`);
  const username = await context.value(spec['username']);
  const password = await context.value(spec['password']);
  const placeholders = target.includes('$(username)') || target.includes('$(password)');
  let client: MongoClient;
  try {
    client = new MongoClient(placeholders ? interpolateCredentials(target, username, password) : target, {
      connectTimeoutMS: CONNECT_TIMEOUT_MS,
      socketTimeoutMS: SERVER_SELECTION_TIMEOUT_MS,
      serverSelectionTimeoutMS: SERVER_SELECTION_TIMEOUT_MS,
      appName: context.userAgent,
      ...(!placeholders && username ? { auth: { username, password: password ?? '' } } : {}),
    });
  } catch (error) {
    return failed(reasonOf(error));
  }
  const abort = () => void client.close(true).catch(() => undefined);
  context.signal.addEventListener('abort', abort, { once: true });
  const started = performance.now();
  try {
    await client.connect();
    await client.db('admin').command({ ping: 1 }, { readPreference: 'primary' });
    const answer = await hello(client);
    const duration = Math.round(performance.now() - started);
    const data = {
      hello: {
        isWritablePrimary: answer['isWritablePrimary'] ?? answer['ismaster'] ?? null,
        setName: answer['setName'] ?? null,
        minWireVersion: answer['minWireVersion'] ?? null,
        maxWireVersion: answer['maxWireVersion'] ?? null,
        readOnly: answer['readOnly'] ?? null,
      },
      duration,
    };
    const tooSlow = slower(duration, spec);
    return tooSlow ? failed(tooSlow, duration, data) : { pass: true, duration, message: 'ping ok', data };
  } catch (error) {
    return failed(reasonOf(error), Math.round(performance.now() - started));
  } finally {
    context.signal.removeEventListener('abort', abort);
    await client.close().catch(() => undefined);
  }
};
