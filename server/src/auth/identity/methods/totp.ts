import { Secret, TOTP, URI } from 'otpauth';
import QRCode from 'qrcode';

const ISSUER = 'Pharos';

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpUrl(secret: string, accountName: string): string {
  return new TOTP({ issuer: ISSUER, label: accountName, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).toString();
}

export function totpQrDataUri(url: string): Promise<string> {
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

export function totpConfig(value: Record<string, unknown>): { url: string; lastStep: number | undefined } | null {
  const url = value['totp_url'];
  if (typeof url !== 'string') return null;
  const last = value['last_step'];
  return { url, lastStep: typeof last === 'number' ? last : undefined };
}
