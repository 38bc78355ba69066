import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/** The options Kratos (and Pharos) put in a trigger node's value. */
interface CreationOptions {
  publicKey: { challenge: string; rp: { id?: string; name: string }; user: { id: string; name: string } };
}
interface RequestOptions {
  publicKey: { challenge: string; rpId?: string; allowCredentials?: Array<{ id: string }> };
}

interface Key {
  id: Buffer;
  privateKey: KeyObject;
  counter: number;
}

function sha256(data: Buffer | string): Buffer {
  return createHash('sha256').update(data).digest();
}

function b64url(data: Uint8Array): string {
  return Buffer.from(data).toString('base64url');
}

function counterBytes(counter: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(counter);
  return buffer;
}

/**
 * A software security key (ES256, "none" attestation) that answers WebAuthn ceremonies the way a
 * browser would pass them on: as the JSON the web app posts in webauthn_register / webauthn_login.
 */
export class SoftwareAuthenticator {
  private readonly keys: Key[] = [];

  constructor(
    private readonly origin: string,
    private readonly rpId: string,
  ) {}

  register(options: CreationOptions): string {
    const id = randomBytes(32);
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(options.publicKey.rp.id ?? this.rpId),
      Buffer.from([0x41]), // user present, attested credential data
      counterBytes(0),
      Buffer.alloc(16), // AAGUID
      idLength,
      id,
      Buffer.from(cose),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.create', challenge: options.publicKey.challenge, origin: this.origin, crossOrigin: false }),
    );
    this.keys.push({ id, privateKey, counter: 0 });
    return JSON.stringify({
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['usb'] },
      clientExtensionResults: {},
    });
  }

  authenticate(options: RequestOptions, tamper = false): string {
    const allowed = new Set((options.publicKey.allowCredentials ?? []).map((credential) => credential.id));
    const key = this.keys.find((candidate) => allowed.size === 0 || allowed.has(b64url(candidate.id)));
    if (!key) throw new Error('No registered key is allowed');
    key.counter += 1;
    const authData = Buffer.concat([sha256(options.publicKey.rpId ?? this.rpId), Buffer.from([0x01]), counterBytes(key.counter)]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: options.publicKey.challenge, origin: this.origin, crossOrigin: false }),
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), key.privateKey);
    if (tamper) signature.writeUInt8((signature.readUInt8(signature.length - 1) ^ 0xff) & 0xff, signature.length - 1);
    return JSON.stringify({
      id: b64url(key.id),
      rawId: b64url(key.id),
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature) },
      clientExtensionResults: {},
    });
  }
}
