import { ChannelError, emailTransport, sendMessage } from '../../channels/index.js';
import { failureOf, type ConnectionTester } from './types.js';
import type { ResolvedConnection } from '../resolve.js';

function channelOf(connection: ResolvedConnection) {
  return { type: connection.type, url: connection.url, username: connection.username, password: connection.password, properties: connection.properties };
}

/** Connects to the SMTP server and logs in (nodemailer's verify): no message is sent. */
export const testEmail: ConnectionTester = (connection) =>
  failureOf(async () => {
    const { transport } = await emailTransport(channelOf(connection));
    try {
      await transport.verify();
    } finally {
      transport.close();
    }
  });

/** Posts a short message through the channel: the service accepting it is the test. */
export const testChannel: ConnectionTester = (connection, signal) =>
  failureOf(async () => {
    try {
      await sendMessage(
        channelOf(connection),
        { title: 'Pharos connection test', body: `This message was sent by Pharos to test the connection **${connection.namespace}/${connection.name}**.` },
        signal,
      );
    } catch (error) {
      throw error instanceof ChannelError ? new Error(error.message) : error;
    }
  });
