import type { ChannelConnection } from './types.js';

/**
 * Connections written as the shoutrrr service URLs Flanksource specs use, read into the fields the
 * channels take: `slack://token@channel`, `discord://token@webhook-id`, `smtp://user:pass@host:port/?from=…&to=…`,
 * `ntfy://[user:pass@]host/topic`, `telegram://token@telegram?chats=…`, `pushover://shoutrrr:token@user`,
 * `generic+https://host/path`. Any other url is left as it is.
 */
export function fromServiceUrl(connection: ChannelConnection): ChannelConnection {
  const raw = connection.url ?? '';
  const scheme = /^([a-z][a-z0-9+]*):\/\//i.exec(raw)?.[1]?.toLowerCase();
  if (!scheme || scheme === 'http' || scheme === 'https') return connection;
  let url: URL;
  try {
    url = new URL(scheme.startsWith('generic+') ? raw.slice('generic+'.length) : raw.replace(/^[^:]+:/, 'https:'));
  } catch {
    return connection;
  }
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  const query = Object.fromEntries(url.searchParams.entries());
  const properties = { ...connection.properties, ...query };
  const path = url.pathname.replace(/^\/+|\/+$/g, '');
  switch (scheme) {
    case 'slack': {
      // slack://xoxb:TOKEN@channel (shoutrrr's token form) or slack://TOKEN@channel
      const token = password ? `${user}-${password}` : user;
      return { type: 'slack', url: null, username: url.hostname, password: token, properties };
    }
    case 'discord':
      return { type: 'discord', url: null, username: url.hostname, password: user, properties };
    case 'smtp':
      return {
        type: 'email',
        url: null,
        username: user || null,
        password: password || null,
        properties: { ...properties, host: url.hostname, ...(url.port ? { port: url.port } : {}) },
      };
    case 'ntfy':
      return {
        type: 'ntfy',
        url: `${query['scheme'] ?? 'https'}://${url.host}`,
        username: user || null,
        password: password || null,
        properties: { ...properties, topic: path },
      };
    case 'telegram':
      return { type: 'telegram', url: null, username: null, password: password ? `${user}:${password}` : user, properties };
    case 'pushover':
      return { type: 'pushover', url: null, username: url.hostname, password, properties };
    default:
      if (scheme.startsWith('generic+')) return { ...connection, type: connection.type === 'webhook' ? 'webhook' : 'generic_webhook', url: url.toString(), properties };
      return connection;
  }
}
