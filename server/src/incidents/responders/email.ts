import { marked } from 'marked';
import { emailTransport } from '../../channels/index.js';
import { RemoteError, required } from './http.js';
import type { ResponderClient } from './types.js';

/**
 * An email through the team's email connection (SMTP, the channels' transport): to, subject and a
 * markdown body. Its Message-ID is the external id; a mail has no state to follow, so the responder
 * stays at Created until someone records more.
 */
export const emailClient: ResponderClient = {
  async create(target, responder) {
    const { connection, fields } = target;
    const channel = { type: 'email', url: connection.url, username: connection.username, password: connection.password, properties: connection.properties };
    const { transport, host } = await emailTransport(channel, { ...connection.properties });
    const from = connection.properties['from'] || connection.username || `pharos@${host}`;
    const fromName = connection.properties['fromName'];
    const body = required(fields, 'body');
    try {
      const sent = (await transport.sendMail({
        from: fromName ? { name: fromName, address: from } : from,
        to: required(fields, 'to'),
        subject: required(fields, 'subject'),
        text: body,
        html: await marked.parse(body),
        headers: { 'X-Pharos-Incident': responder.incident.incident_id ?? responder.incident.id },
      })) as { messageId?: string };
      return { externalId: sent.messageId ?? `${responder.id}@${host}` };
    } catch (error) {
      throw new RemoteError(`email: ${(error as Error).message}`);
    } finally {
      transport.close();
    }
  },
};
