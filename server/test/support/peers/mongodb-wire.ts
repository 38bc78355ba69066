import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { Binary, deserialize, serialize, type Document } from 'bson';

/**
 * No MongoDB server can be installed here (it is not in Debian), so the mongodb checks meet this
 * stand-in instead: a small server of MongoDB's wire protocol on a loopback port. It answers the
 * handshake (legacy isMaster in OP_QUERY, as drivers open a connection), then OP_MSG commands: hello,
 * ping, SCRAM-SHA-256 (saslStart / saslContinue, checked against one user's password), endSessions,
 * and CommandNotFound for anything else, as a standalone MongoDB 7.0 would.
 */

const OP_REPLY = 1;
const OP_QUERY = 2004;
const OP_MSG = 2013;
const ITERATIONS = 4096;

interface Scram {
  clientFirstBare: string;
  serverFirst: string;
  nonce: string;
}

export interface MongoWireStandIn {
  url: string;
  /** Commands received, by name, in order. */
  commands: string[];
  close(): Promise<void>;
}

function hmac(key: Buffer, text: string): Buffer {
  return createHmac('sha256', key).update(text).digest();
}

function payloadText(command: Document): string {
  const payload = command['payload'] as Binary;
  return Buffer.from(payload.buffer.subarray(0, payload.position)).toString('utf8');
}

function cstring(buffer: Buffer, offset: number): [string, number] {
  const end = buffer.indexOf(0, offset);
  return [buffer.toString('utf8', offset, end), end + 1];
}

function header(length: number, responseTo: number, opCode: number): Buffer {
  const head = Buffer.alloc(16);
  head.writeInt32LE(length, 0);
  head.writeInt32LE(Math.floor(Math.random() * 0x7fffffff), 4);
  head.writeInt32LE(responseTo, 8);
  head.writeInt32LE(opCode, 12);
  return head;
}

function opReply(responseTo: number, document: Document): Buffer {
  const body = Buffer.from(serialize(document));
  const fields = Buffer.alloc(20);
  fields.writeInt32LE(1, 16); // numberReturned; flags, cursorID and startingFrom stay 0
  return Buffer.concat([header(16 + 20 + body.length, responseTo, OP_REPLY), fields, body]);
}

function opMsg(responseTo: number, document: Document): Buffer {
  const body = Buffer.from(serialize(document));
  const flags = Buffer.alloc(5); // flagBits 0, then a kind-0 section
  return Buffer.concat([header(16 + 5 + body.length, responseTo, OP_MSG), flags, body]);
}

/** The command of an OP_MSG: its body section, with any document sequences added as arrays. */
function commandOfMsg(message: Buffer): Document {
  let offset = 20;
  let body: Document = {};
  const sequences: Document = {};
  while (offset < message.length) {
    const kind = message.readUInt8(offset);
    offset += 1;
    const size = message.readInt32LE(offset);
    if (kind === 0) {
      body = deserialize(message.subarray(offset, offset + size));
    } else {
      const [identifier, start] = cstring(message, offset + 4);
      const documents: Document[] = [];
      for (let at = start; at < offset + size; at += message.readInt32LE(at)) documents.push(deserialize(message.subarray(at, at + message.readInt32LE(at))));
      sequences[identifier] = documents;
    }
    offset += size;
  }
  return { ...body, ...sequences };
}

function commandOfQuery(message: Buffer): Document {
  const [, after] = cstring(message, 20);
  const at = after + 8;
  return deserialize(message.subarray(at, at + message.readInt32LE(at)));
}

export async function startMongoWireStandIn(user: { username: string; password: string }): Promise<MongoWireStandIn> {
  const salt = randomBytes(16);
  const salted = pbkdf2Sync(user.password, salt, ITERATIONS, 32, 'sha256');
  const storedKey = createHash('sha256').update(hmac(salted, 'Client Key')).digest();
  const serverKey = hmac(salted, 'Server Key');
  const commands: string[] = [];
  let connections = 0;

  function answer(command: Document, connectionId: number, conversation: { scram?: Scram }): Document {
    const name = Object.keys(command)[0] ?? '';
    commands.push(name);
    switch (name.toLowerCase()) {
      case 'ismaster':
      case 'hello':
        return {
          ...(name === 'hello' ? { isWritablePrimary: true } : { ismaster: true }),
          helloOk: true,
          maxBsonObjectSize: 16 * 1024 * 1024,
          maxMessageSizeBytes: 48_000_000,
          maxWriteBatchSize: 100_000,
          localTime: new Date(),
          logicalSessionTimeoutMinutes: 30,
          connectionId,
          minWireVersion: 0,
          maxWireVersion: 21,
          readOnly: false,
          ...(command['saslSupportedMechs'] ? { saslSupportedMechs: ['SCRAM-SHA-256'] } : {}),
          ok: 1,
        };
      case 'ping':
      case 'endsessions':
        return { ok: 1 };
      case 'saslstart': {
        const payload = payloadText(command);
        const clientFirstBare = payload.replace(/^n,,/, '');
        const fields = new Map(clientFirstBare.split(',').map((part) => [part.slice(0, 1), part.slice(2)]));
        if (command['mechanism'] !== 'SCRAM-SHA-256' || fields.get('n') !== user.username) return { ok: 0, errmsg: 'Authentication failed.', code: 18, codeName: 'AuthenticationFailed' };
        const nonce = `${fields.get('r')}${randomBytes(18).toString('base64')}`;
        const serverFirst = `r=${nonce},s=${salt.toString('base64')},i=${ITERATIONS}`;
        conversation.scram = { clientFirstBare, serverFirst, nonce };
        return { conversationId: 1, done: false, payload: new Binary(Buffer.from(serverFirst)), ok: 1 };
      }
      case 'saslcontinue': {
        const scram = conversation.scram;
        const payload = payloadText(command);
        const proof = /,p=([^,]+)$/.exec(payload)?.[1];
        const withoutProof = payload.replace(/,p=[^,]+$/, '');
        if (!scram || !proof || withoutProof !== `c=biws,r=${scram.nonce}`) return { ok: 0, errmsg: 'Authentication failed.', code: 18, codeName: 'AuthenticationFailed' };
        const authMessage = `${scram.clientFirstBare},${scram.serverFirst},${withoutProof}`;
        const signature = hmac(storedKey, authMessage);
        const clientKey = Buffer.from(proof, 'base64').map((byte, index) => byte ^ (signature[index] ?? 0));
        const claimed = createHash('sha256').update(clientKey).digest();
        if (claimed.length !== storedKey.length || !timingSafeEqual(claimed, storedKey)) return { ok: 0, errmsg: 'Authentication failed.', code: 18, codeName: 'AuthenticationFailed' };
        return { conversationId: 1, done: true, payload: new Binary(Buffer.from(`v=${hmac(serverKey, authMessage).toString('base64')}`)), ok: 1 };
      }
      default:
        return { ok: 0, errmsg: `no such command: '${name}'`, code: 59, codeName: 'CommandNotFound' };
    }
  }

  function serve(socket: Socket): void {
    const connectionId = ++connections;
    const conversation: { scram?: Scram } = {};
    let pending = Buffer.alloc(0);
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 16 && pending.length >= pending.readInt32LE(0)) {
        const message = pending.subarray(0, pending.readInt32LE(0));
        pending = pending.subarray(message.length);
        const requestId = message.readInt32LE(4);
        const opCode = message.readInt32LE(12);
        if (opCode === OP_QUERY) socket.write(opReply(requestId, answer(commandOfQuery(message), connectionId, conversation)));
        else if (opCode === OP_MSG) socket.write(opMsg(requestId, answer(commandOfMsg(message), connectionId, conversation)));
        else socket.destroy();
      }
    });
  }

  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    serve(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `mongodb://127.0.0.1:${port}`,
    commands,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
