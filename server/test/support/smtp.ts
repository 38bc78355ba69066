import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The message with transfer encodings undone (enough to read codes and links). */
  text: string;
  raw: string;
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function parseMail(raw: string, to: string[]): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  let body = split === -1 ? '' : raw.slice(split).trimStart();
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string): string => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'quoted-printable') body = decodeQuotedPrintable(body);
  else if (encoding === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { to, subject: header('Subject'), text: body, raw };
}

/** An SMTP server on loopback that keeps what it receives. */
export class TestSmtpServer {
  readonly mails: ReceivedMail[] = [];
  private readonly server: SMTPServer;
  port = 0;

  /** With `users`, a client must log in as one of them (user → password). */
  constructor(options: { users?: Readonly<Record<string, string>> } = {}) {
    const users = options.users;
    this.server = new SMTPServer({
      authOptional: !users,
      allowInsecureAuth: true,
      onAuth: (auth, _session, callback) => {
        if (users && auth.username && users[auth.username] === auth.password) return callback(null, { user: auth.username });
        return callback(new Error('Invalid username or password'));
      },
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const to = session.envelope.rcptTo.map((address) => address.address.toLowerCase());
          this.mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), to));
          callback();
        });
      },
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.server.address() as AddressInfo).port;
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** The first mail to `address` (received after `after` mails to it) that matches, waiting for it. */
  async waitFor(address: string, predicate: (mail: ReceivedMail) => boolean = () => true, timeoutMs = 30_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    const wanted = address.toLowerCase();
    while (Date.now() < deadline) {
      const found = this.mails.find((mail) => mail.to.includes(wanted) && predicate(mail));
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`No mail to ${address} within ${timeoutMs} ms (got ${this.mails.length} mails)`);
  }

  /** Mails to `address` so far. */
  to(address: string): ReceivedMail[] {
    return this.mails.filter((mail) => mail.to.includes(address.toLowerCase()));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The 6-digit code of an identity e-mail. */
export function codeOf(mail: ReceivedMail): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match?.[1]) throw new Error(`No code in mail: ${mail.text}`);
  return match[1];
}
