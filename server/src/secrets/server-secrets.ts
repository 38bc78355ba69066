import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const SEALED_PREFIX = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A value sealed with another key, or not sealed at all. */
export class UnsealError extends Error {
  constructor() {
    super("A stored secret cannot be decrypted with this server's key: was PHAROS_SECRET_KEY (or the data folder's secret.key) changed?");
  }
}

/**
 * The server's key at work: seals what must be read back (AES-256-GCM) and digests what only needs
 * comparing (HMAC-SHA256). Each use derives its own key, so a digest of one purpose says nothing
 * about another.
 */
export class ServerSecrets {
  private readonly sealKey: Buffer;

  constructor(private readonly key: Buffer) {
    if (key.length < 32) throw new Error('The server key must have at least 32 bytes');
    this.sealKey = this.derive('seal');
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.sealKey, iv);
    const encrypted = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64url');
  }

  open(sealed: string): string {
    if (!sealed.startsWith(SEALED_PREFIX)) throw new UnsealError();
    const raw = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.sealKey, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new UnsealError();
    }
  }

  /** `sealed` in clear, or undefined when this key did not seal it (another key's, or not sealed at all). */
  openIfOurs(sealed: string): string | undefined {
    try {
      return this.open(sealed);
    } catch (error) {
      if (error instanceof UnsealError) return undefined;
      throw error;
    }
  }

  /** A keyed digest (hex) of `value` for `purpose`: equal values give equal digests, nothing else does. */
  digest(purpose: string, value: string): string {
    return createHmac('sha256', this.derive(`digest:${purpose}`)).update(value).digest('hex');
  }

  private derive(info: string): Buffer {
    return Buffer.from(hkdfSync('sha256', this.key, Buffer.alloc(0), `pharos:${info}`, 32));
  }
}
