import type { IdentityConfig } from '../../src/auth/identity/config.js';
import { identityOptions } from './identity.js';
import { startTestServer, type TestServer } from './server.js';
import { TestSmtpServer } from './smtp.js';

export interface MailingServer {
  server: TestServer;
  /** Receives every mail the server sends. */
  smtp: TestSmtpServer;
  close(): Promise<void>;
}

/** The real app (test identity settings plus `identity`) sending its mail to an SMTP server on loopback. */
export async function startMailingServer(identity: Partial<IdentityConfig> = {}): Promise<MailingServer> {
  const smtp = new TestSmtpServer();
  const server = await startTestServer({ identity: identityOptions({ smtpUrl: await smtp.start(), ...identity }) });
  return {
    server,
    smtp,
    close: async () => {
      await server.close();
      await smtp.close();
    },
  };
}
