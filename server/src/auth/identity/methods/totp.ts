import { Secret, TOTP, URI } from 'otpauth';
import type { ServerSecrets } from '../../../secrets/server-secrets.js';

const ISSUER = 'Pharos';

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpUrl(secret: string, accountName: string): string {
  return new TOTP({ issuer: ISSUER, label: accountName, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).toString();
}

/** The QR code library is loaded when someone sets up an authenticator app, not at start. */
export async function totpQrDataUri(url: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toDataURL(url, { width: 256, margin: 1, errorCorrectionLevel: 'M' });
}

/**
 * The time step `code` belongs to (current ±1 step for clock drift), or null when it is wrong or its
 * step is not after `lastStep` (a code is accepted once).
 */
export function acceptTotp(url: string, code: string, lastStep: number | undefined): number | null {
  const cleaned = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(cleaned)) return null;
  let totp: TOTP;
  try {
    const parsed = URI.parse(url);
    if (!(parsed instanceof TOTP)) return null;
    totp = parsed;
  } catch {
    return null;
  }
  const delta = totp.validate({ token: cleaned, window: 1 });
  if (delta === null) return null;
  const step = Math.floor(Date.now() / 1000 / totp.period) + delta;
  return lastStep !== undefined && step <= lastStep ? null : step;
}

export interface TotpConfig {
  url: string;
  lastStep: number | undefined;
}

/** The stored TOTP credential: its otpauth URL (which holds the secret) sealed with the server's key. */
export function totpCredential(secrets: ServerSecrets, config: TotpConfig): Record<string, unknown> {
  return { totp_url_sealed: secrets.seal(config.url), ...(config.lastStep === undefined ? {} : { last_step: config.lastStep }) };
}

export function totpConfig(secrets: ServerSecrets, value: Record<string, unknown>): TotpConfig | null {
  const sealed = value['totp_url_sealed'];
  if (typeof sealed !== 'string') return null;
  const last = value['last_step'];
  return { url: secrets.open(sealed), lastStep: typeof last === 'number' ? last : undefined };
}
