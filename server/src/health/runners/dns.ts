import { lookup as systemLookup, Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import { failed, number, slower, text, type CheckRunner } from './types.js';

type QueryType = 'A' | 'AAAA' | 'CNAME' | 'MX' | 'NS' | 'PTR' | 'SRV' | 'TXT';

/**
 * The name's CNAME; a name without one is its own canonical name when it has addresses, as Go's
 * LookupCNAME (canary-checker's) answers.
 */
async function canonicalName(resolver: Resolver, name: string): Promise<string[]> {
  try {
    return await resolver.resolveCname(name);
  } catch (error) {
    const addresses = await resolver.resolve4(name).catch(() => resolver.resolve6(name)).catch(() => []);
    if (addresses.length === 0) throw error;
    return [name];
  }
}

/** A record as exactreply is compared: without the root's trailing dot, which Go writes (`dns.google.`) and Node does not. */
const comparable = (record: string): string => record.replace(/\.(?=\s|$)/g, '');

/** Records as text, the way exactreply lists them. */
async function lookup(resolver: Resolver, name: string, type: QueryType): Promise<string[]> {
  switch (type) {
    case 'A':
      return resolver.resolve4(name);
    case 'AAAA':
      return resolver.resolve6(name);
    case 'CNAME':
      return canonicalName(resolver, name);
    case 'MX':
      return (await resolver.resolveMx(name)).map((record) => `${record.exchange} ${record.priority}`);
    case 'NS':
      return resolver.resolveNs(name);
    case 'PTR':
      // An address is looked up in reverse (its in-addr.arpa name), as Go's LookupAddr does.
      return isIP(name) ? resolver.reverse(name) : resolver.resolvePtr(name);
    case 'SRV':
      return (await resolver.resolveSrv(name)).map((record) => `${record.name}:${record.port}:${record.priority}:${record.weight}`);
    case 'TXT':
      return (await resolver.resolveTxt(name)).map((parts) => parts.join(''));
  }
}

/**
 * A and AAAA without a server ask the system resolver, as canary-checker's default resolver does:
 * /etc/hosts first (localhost, this host's name), then the configured name servers.
 */
async function systemAddresses(name: string, type: 'A' | 'AAAA', timeoutMs: number): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('no answer in time'), { code: 'ETIMEOUT' })), timeoutMs);
  });
  try {
    const found = await Promise.race([systemLookup(name, { all: true, family: type === 'A' ? 4 : 6 }), timeout]);
    return [...new Set(found.map((entry) => entry.address))];
  } finally {
    clearTimeout(timer);
  }
}

/** The resolver's codes in words. */
const REASONS: Readonly<Record<string, string>> = {
  ENOTFOUND: 'no such name (NXDOMAIN)',
  ENODATA: 'no records of this type',
  EREFUSED: 'the server refused the query',
  ETIMEOUT: 'no answer in time',
  ECONNREFUSED: 'the server cannot be reached',
  ESERVFAIL: 'the server failed (SERVFAIL)',
};

/** Resolves `query` (of `querytype`, at `server:port` when given, else by the system); minrecords and exactreply decide. Variables: records. */
export const dnsCheck: CheckRunner = async (spec) => {
  const query = text(spec['query']);
  if (!query) return failed('query is required: the name to resolve');
  const type = (text(spec['querytype']) ?? 'A').toUpperCase() as QueryType;
  const timeout = number(spec['timeout']) ?? 5_000;
  const resolver = new Resolver({ timeout, tries: 1 });
  const server = text(spec['server']);
  if (server) resolver.setServers([`${server}:${number(spec['port']) ?? 53}`]);
  const started = performance.now();
  let records: string[];
  try {
    records = (!server && (type === 'A' || type === 'AAAA') ? await systemAddresses(query, type, timeout) : await lookup(resolver, query, type)).sort();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    return failed(`${type} ${query}: ${REASONS[code] ?? (code || (error as Error).message)}`, Math.round(performance.now() - started), { records: [] });
  }
  const duration = Math.round(performance.now() - started);
  const data = { records, duration };
  const min = number(spec['minrecords']);
  if (min !== undefined && records.length < min) return failed(`${type} ${query}: ${records.length} records, fewer than ${min}`, duration, data);
  const exact = Array.isArray(spec['exactreply']) ? (spec['exactreply'] as unknown[]).map(String).sort() : undefined;
  if (exact && exact.length > 0 && JSON.stringify(exact.map(comparable).sort()) !== JSON.stringify(records.map(comparable).sort())) return failed(`${type} ${query}: got ${records.join(', ')}, expected ${exact.join(', ')}`, duration, data);
  const tooSlow = slower(duration, spec);
  return tooSlow ? failed(tooSlow, duration, data) : { pass: true, duration, message: `${type} ${query}: ${records.join(', ')}`, data };
};
