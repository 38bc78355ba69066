import { mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** A mail the server sent, as the journeys read it. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The body with transfer encodings undone (enough to read codes). */
  text: string;
  /** Order of arrival (milliseconds since the epoch, then a sequence number). */
  receivedAt: number;
  sequence: number;
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function decodeHeader(value: string): string {
  // RFC 2047 encoded words, as nodemailer writes non-ASCII subjects.
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_match, encoding: string, data: string) =>
    encoding.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

function parseMail(raw: string): { subject: string; text: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  let body = split === -1 ? '' : raw.slice(split).trimStart();
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string): string => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'quoted-printable') body = decodeQuotedPrintable(body);
  else if (encoding === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { subject: decodeHeader(header('Subject')), text: body };
}

export interface Mailbox {
  /** SMTP_URL for the server. */
  url: string;
  /** Folder with one JSON file per received mail (read by the journeys, which run in other processes). */
  dir: string;
  close: () => Promise<void>;
}

/**
 * An SMTP server on loopback for the server under test. Every mail it receives is written to a
 * folder, since the journeys run in worker processes and cannot share its memory.
 */
export async function startMailbox(): Promise<Mailbox> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pharos-e2e-mail-'));
  let sequence = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        sequence += 1;
        const mail: ReceivedMail = {
          to: session.envelope.rcptTo.map((address) => address.address.toLowerCase()),
          ...parseMail(Buffer.concat(chunks).toString('utf8')),
          receivedAt: Date.now(),
          sequence,
        };
        const name = `${String(sequence).padStart(6, '0')}.json`;
        // Written aside and renamed, so a reader never sees half a file.
        const temporary = path.join(dir, `.${name}`);
        writeFile(temporary, JSON.stringify(mail))
          .then(() => rename(temporary, path.join(dir, name)))
          .then(() => callback(), (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    dir,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Mails to `address` received so far, oldest first. */
export async function mailsTo(dir: string, address: string): Promise<ReceivedMail[]> {
  const wanted = address.toLowerCase();
  const names = (await readdir(dir)).filter((name) => name.endsWith('.json') && !name.startsWith('.')).sort();
  const mails = await Promise.all(names.map(async (name) => JSON.parse(await readFile(path.join(dir, name), 'utf8')) as ReceivedMail));
  return mails.filter((mail) => mail.to.includes(wanted));
}

export interface MailQuery {
  /** Only mails whose subject matches. */
  subject?: RegExp;
  /** Only mails after the first `skip` matching ones (e.g. the count before an action). */
  skip?: number;
  timeoutMs?: number;
}

/** Waits for a mail to `address` and returns it. */
export async function waitForMail(dir: string, address: string, { subject, skip = 0, timeoutMs = 10_000 }: MailQuery = {}): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const matching = (await mailsTo(dir, address)).filter((mail) => !subject || subject.test(mail.subject));
    const found = matching[skip];
    if (found) return found;
    if (Date.now() > deadline) {
      throw new Error(`No mail to ${address}${subject ? ` with subject ${subject}` : ''} (after ${skip}) within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The 6-digit code of an identity e-mail. */
export function codeOf(mail: ReceivedMail): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match?.[1]) throw new Error(`No code in the mail "${mail.subject}": ${mail.text}`);
  return match[1];
}
