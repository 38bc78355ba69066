import { withoutCredentials } from '@pharos/core';
import { Client, ResultCodeError, type Entry } from 'ldapts';
import { resultText } from '../../connections/testers/ldap.js';
import { reasonOf } from '../../connections/testers/types.js';
import { failed, slower, text, type CheckRunner } from './types.js';

/** Longest the bind or the search may wait for the server. */
const LDAP_TIMEOUT_MS = 10_000;
/** Entries kept for the expressions. */
const MAX_ENTRIES = 100;

function reason(error: unknown): string {
  return error instanceof ResultCodeError ? resultText(error) : reasonOf(error);
}

/** An entry as plain text values (binary attributes such as photos are left out). */
function plain(entry: Entry): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(entry)) {
    if (typeof value === 'string') out[key] = value;
    else if (Array.isArray(value) && value.every((item) => typeof item === 'string')) out[key] = value as string[];
  }
  return out;
}

/**
 * Binds to the directory at `url` as `username` (a DN) with `password`, then searches the subtree of
 * `bindDN` with the `userSearch` filter (canary-checker's names), which must find an entry.
 * `skipTLSVerify` accepts any certificate of an ldaps:// server. Variables: count, entries.
 */
export const ldapCheck: CheckRunner = async (spec, context) => {
  const url = text(spec['url']) ?? (await context.value(spec['url']));
  if (!url) return failed('url (or a connection) is required');
  if (!/^ldaps?:\/\//i.test(url)) return failed(`'${withoutCredentials(url)}' is not an ldap:// or ldaps:// URL`);
  const username = await context.value(spec['username']);
  const password = (await context.value(spec['password'])) ?? '';
  const base = text(spec['bindDN']);
  const filter = text(spec['userSearch']) ?? '(objectClass=*)';
  const client = new Client({
    url,
    timeout: LDAP_TIMEOUT_MS,
    connectTimeout: LDAP_TIMEOUT_MS,
    ...(spec['skipTLSVerify'] === true ? { tlsOptions: { rejectUnauthorized: false } } : {}),
  });
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const abort = () => void client.unbind().catch(() => undefined);
  context.signal.addEventListener('abort', abort, { once: true });
  try {
    if (username) {
      try {
        await client.bind(username, password);
      } catch (error) {
        return failed(`failed to bind as ${username}: ${reason(error)}`, elapsed());
      }
    }
    if (!base) {
      const duration = elapsed();
      const tooSlow = slower(duration, spec);
      return tooSlow ? failed(tooSlow, duration) : { pass: true, duration, message: username ? `bound as ${username}` : `connected to ${withoutCredentials(url)}`, data: { count: 0, entries: [], duration } };
    }
    let entries: Entry[];
    try {
      entries = (await client.search(base, { scope: 'sub', filter })).searchEntries;
    } catch (error) {
      return failed(`failed to search ${base} for ${filter}: ${reason(error)}`, elapsed());
    }
    const duration = elapsed();
    const data = { count: entries.length, entries: entries.slice(0, MAX_ENTRIES).map(plain), duration };
    if (entries.length === 0) return failed(`no entries under ${base} match ${filter}`, duration, data);
    const tooSlow = slower(duration, spec);
    return tooSlow ? failed(tooSlow, duration, data) : { pass: true, duration, message: `${entries.length} entr${entries.length === 1 ? 'y' : 'ies'} under ${base}`, data };
  } finally {
    context.signal.removeEventListener('abort', abort);
    await client.unbind().catch(() => undefined);
  }
};
