/** What notifications, playbook actions and responders send: a title, a markdown body, extras. */
export interface Message {
  title: string;
  /** Markdown. */
  body: string;
  /** Service-specific extras (priority, tags, recipients …), as strings. */
  properties?: Record<string, string>;
}

/** The connection fields a channel reads (secrets already resolved). */
export interface ChannelConnection {
  type: string;
  url?: string | null;
  username?: string | null;
  password?: string | null;
  properties?: Record<string, string> | null;
}

/** A request a service documents for posting a message. */
export interface ChannelRequest {
  url: string;
  method: 'POST' | 'PUT' | 'GET';
  headers: Record<string, string>;
  body?: string;
}

/** A message the service refused or could not take, in words a person can act on. */
export class ChannelError extends Error {
  constructor(
    readonly service: string,
    message: string,
    readonly status?: number,
  ) {
    super(`${service}: ${message}`);
    this.name = 'ChannelError';
  }
}
