import { execFileSync } from 'node:child_process';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * An HTTP server that authenticates with NTLMv2, written from [MS-NLMP] because no Windows server
 * can run here: it answers a negotiate message with a challenge (unique to the connection) and
 * accepts an authenticate message on that same connection whose NTProofStr proves the password.
 * The password's MD4 comes from the openssl command (its legacy provider), not from the client's
 * library, so the check is verified independently.
 */

export const NTLM_DOMAIN = 'PHAROS';

export interface NtlmServer {
  url: string;
  /** `DOMAIN\user` of each request that got through. */
  authenticated: string[];
  close(): Promise<void>;
}

const SIGNATURE = Buffer.from('NTLMSSP\0', 'ascii');
// NEGOTIATE_UNICODE | REQUEST_TARGET | NEGOTIATE_NTLM | ALWAYS_SIGN | TARGET_TYPE_DOMAIN | EXTENDED_SESSIONSECURITY | TARGET_INFO
const CHALLENGE_FLAGS = 0x1 | 0x4 | 0x200 | 0x8000 | 0x10000 | 0x80000 | 0x800000;

function ntHash(password: string): Buffer {
  return execFileSync('openssl', ['dgst', '-md4', '-binary', '-provider', 'legacy', '-provider', 'default'], { input: Buffer.from(password, 'utf16le') });
}

function challengeMessage(challenge: Buffer): Buffer {
  const target = Buffer.from(NTLM_DOMAIN, 'utf16le');
  // Target info: the NetBIOS domain name, then the end of the list.
  const info = Buffer.concat([Buffer.from([2, 0, target.length, 0]), target, Buffer.alloc(4)]);
  const header = Buffer.alloc(48);
  SIGNATURE.copy(header, 0);
  header.writeUInt32LE(2, 8);
  header.writeUInt16LE(target.length, 12);
  header.writeUInt16LE(target.length, 14);
  header.writeUInt32LE(48, 16);
  header.writeUInt32LE(CHALLENGE_FLAGS, 20);
  challenge.copy(header, 24);
  header.writeUInt16LE(info.length, 40);
  header.writeUInt16LE(info.length, 42);
  header.writeUInt32LE(48 + target.length, 44);
  return Buffer.concat([header, target, info]);
}

function field(message: Buffer, at: number): Buffer {
  const length = message.readUInt16LE(at);
  const offset = message.readUInt32LE(at + 4);
  return message.subarray(offset, offset + length);
}

/** `DOMAIN\user` when the authenticate message proves the password of that account for the challenge. */
function verify(message: Buffer, challenge: Buffer, hashes: ReadonlyMap<string, Buffer>): string | undefined {
  if (!message.subarray(0, 8).equals(SIGNATURE) || message.readUInt32LE(8) !== 3) return undefined;
  const response = field(message, 20);
  const domain = field(message, 28).toString('utf16le');
  const user = field(message, 36).toString('utf16le');
  const hash = hashes.get(`${domain.toUpperCase()}\\${user.toLowerCase()}`);
  if (!hash || response.length <= 16) return undefined;
  const ntowf = createHmac('md5', hash).update(Buffer.from(user.toUpperCase() + domain, 'utf16le')).digest();
  const proof = createHmac('md5', ntowf).update(Buffer.concat([challenge, response.subarray(16)])).digest();
  return timingSafeEqual(proof, response.subarray(0, 16)) ? `${domain}\\${user}` : undefined;
}

/** Serves `hello DOMAIN\user` to requests that authenticate as one of `accounts` (user → password, in NTLM_DOMAIN). */
export async function startNtlmServer(accounts: Readonly<Record<string, string>>): Promise<NtlmServer> {
  const hashes = new Map(Object.entries(accounts).map(([user, password]) => [`${NTLM_DOMAIN}\\${user.toLowerCase()}`, ntHash(password)]));
  const challenges = new WeakMap<Socket, Buffer>();
  const authenticated: string[] = [];
  const server: Server = createServer((request, response) => {
    const header = /^NTLM (\S+)$/.exec(request.headers.authorization ?? '');
    const message = header ? Buffer.from(header[1]!, 'base64') : undefined;
    const type = message && message.length >= 12 ? message.readUInt32LE(8) : 0;
    if (type === 1) {
      const challenge = randomBytes(8);
      challenges.set(request.socket, challenge);
      response.writeHead(401, { 'www-authenticate': `NTLM ${challengeMessage(challenge).toString('base64')}` }).end();
      return;
    }
    const challenge = challenges.get(request.socket);
    const who = type === 3 && challenge ? verify(message!, challenge, hashes) : undefined;
    challenges.delete(request.socket);
    if (!who) {
      response.writeHead(401, { 'www-authenticate': 'NTLM' }).end('not authenticated');
      return;
    }
    authenticated.push(who);
    response.writeHead(200, { 'content-type': 'text/plain' }).end(`hello ${who}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    authenticated,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
