import { secretKeys } from '@pharos/core';
import type { ResolvedConnection } from './resolve.js';

/**
 * A connection's credentials go only to the connection's own origin (scheme, host and port): a spec
 * that names a connection may give its own address to change or add a path, never to send the
 * connection's credentials somewhere else.
 */
export class ForeignOrigin extends Error {}

/** Ports a URL of a scheme reaches when it names none, so `postgres://db/x` and `postgres://db:5432/y` are one origin. */
const DEFAULT_PORTS: Readonly<Record<string, string>> = {
  'http:': '80',
  'https:': '443',
  'ws:': '80',
  'wss:': '443',
  'postgres:': '5432',
  'mysql:': '3306',
  'redis:': '6379',
  'rediss:': '6379',
  'ldap:': '389',
  'ldaps:': '636',
  'mongodb:': '27017',
  'sqlserver:': '1433',
  'smtp:': '25',
  'smtps:': '465',
  'sftp:': '22',
  'ssh:': '22',
  'smb:': '445',
};

/** Schemes that name the same protocol. */
const SCHEME_ALIASES: Readonly<Record<string, string>> = { 'postgresql:': 'postgres:', 'mariadb:': 'mysql:', 'mssql:': 'sqlserver:' };

type Connection = Pick<ResolvedConnection, 'name' | 'namespace' | 'type' | 'url' | 'username' | 'password' | 'certificate' | 'properties'>;

function parsed(text: string): URL | undefined {
  try {
    const url = new URL(text);
    return url.host === '' ? undefined : url;
  } catch {
    return undefined;
  }
}

/** `scheme://host:port` of a URL, the port spelled out; undefined when the text is no URL with a host. */
export function originOf(text: string): string | undefined {
  const url = parsed(text);
  if (!url) return undefined;
  const scheme = SCHEME_ALIASES[url.protocol] ?? url.protocol;
  return `${scheme}//${url.hostname.toLowerCase()}:${url.port || DEFAULT_PORTS[scheme] || ''}`;
}

/** A URL as it may be shown: without the credentials it may carry. */
function shown(text: string): string {
  const url = parsed(text);
  if (!url) return text.replace(/\/\/[^/@]*@/, '//');
  url.username = '';
  url.password = '';
  return url.toString();
}

function holdsCredentials(connection: Connection): boolean {
  if (connection.username || connection.password || connection.certificate) return true;
  return secretKeys(connection.type).some((key) => !!connection.properties[key]);
}

/**
 * Where a spec that names `connection` sends: the connection's URL; with the spec's own `target` (in
 * field `field`), that target, when it is a path (resolved against the connection's URL) or a URL of
 * the connection's origin. Anything else throws ForeignOrigin, before anything is sent.
 */
export function targetWithin(connection: Connection, target: string | undefined, field = 'url'): string | undefined {
  if (target === undefined || target === '') return connection.url ?? undefined;
  const named = `connection ${connection.namespace}/${connection.name}`;
  if (!connection.url) {
    if (!holdsCredentials(connection)) return target;
    throw new ForeignOrigin(`${named} has no url, so its credentials are sent nowhere: ${field} ${shown(target)} cannot be used with it (give the connection a url)`);
  }
  if (target.startsWith('/') && !target.startsWith('//')) {
    const base = parsed(connection.url);
    if (base) return new URL(target, base).toString();
  }
  const own = originOf(connection.url);
  if (own === undefined ? target === connection.url : originOf(target) === own) return target;
  throw new ForeignOrigin(
    `${named} is sent only to its own origin ${own ?? shown(connection.url)}: ${field} ${shown(target)} has another scheme, host or port (a spec that names a connection may change only the path)`,
  );
}

/** A bare host name (`host: db.example.com`) is the connection's when it is the host of its URL or its `host` property. */
function hostWithin(connection: Connection, host: string, field: string): void {
  const own = [parsed(connection.url ?? '')?.hostname, connection.properties['host']].filter((name): name is string => !!name).map((name) => name.toLowerCase());
  if (own.includes(host.toLowerCase()) || (own.length === 0 && !holdsCredentials(connection))) return;
  throw new ForeignOrigin(
    `connection ${connection.namespace}/${connection.name} is sent only to ${own.join(' or ') || 'its own url'}: ${field} ${host} is another host (a spec that names a connection may change only the path)`,
  );
}

/**
 * For clients that take a host and port rather than a URL (SFTP, SMB): throws ForeignOrigin unless
 * they are the connection's own (its URL's, else its `host` and `port` properties).
 */
export function endpointWithin(connection: Connection, host: string, port: number, defaultPort: number): void {
  const url = parsed(connection.url ?? '');
  // A share written the Windows way: \\server[:port]\share
  const [uncHost, uncPort] = connection.url?.startsWith('\\\\') ? (connection.url.slice(2).split(/[\\/]/)[0] ?? '').split(':') : [];
  const ownHost = (url?.hostname || uncHost || connection.properties['host'] || '').toLowerCase();
  const ownPort = Number(url?.port || uncPort || connection.properties['port'] || defaultPort);
  if (ownHost === '' && !holdsCredentials(connection)) return;
  if (host.toLowerCase() === ownHost && port === ownPort) return;
  throw new ForeignOrigin(
    `connection ${connection.namespace}/${connection.name} is sent only to ${ownHost || 'its own host'}:${ownPort}: ${host}:${port} is another host or port (a spec that names a connection may change only the path)`,
  );
}

/** Fields of specs that say where a check, action, scraper or backend sends (`addr`: a redis check's host:port). */
const TARGET_FIELDS = ['url', 'endpoint', 'host', 'addr'] as const;

/** `host:port` as a URL of the connection's scheme, so that it compares with the connection's origin. */
function addressAsUrl(connection: Connection, address: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(address)) return address;
  const scheme = parsed(connection.url ?? '')?.protocol ?? 'tcp:';
  return `${scheme}//${address}`;
}

/**
 * A spec (a check's, an action's, a lookup's) with what its connection gives — the connection's
 * properties, url, username and password — under the spec's own fields, which win; its own address
 * (`url`, `endpoint`, `host`) must stay within the connection's origin (see targetWithin).
 */
export function mergeConnection(connection: Connection, spec: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = {
    ...connection.properties,
    ...(connection.url ? { url: connection.url } : {}),
    ...(connection.username ? { username: connection.username } : {}),
    ...(connection.password ? { password: connection.password } : {}),
    ...spec,
  };
  for (const field of TARGET_FIELDS) {
    const own = spec[field];
    if (own === undefined || own === null || own === '') continue;
    if (typeof own !== 'string') throw new ForeignOrigin(`${field} must be text when the spec names a connection, so that it can be checked against the connection's origin`);
    if (field === 'addr') targetWithin(connection, addressAsUrl(connection, own), field);
    else if (field === 'host' && parsed(own) === undefined) hostWithin(connection, own, field);
    else merged[field] = targetWithin(connection, own, field);
  }
  return merged;
}
