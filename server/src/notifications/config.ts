import { loadIdentityConfig } from '../auth/identity/config.js';
import type { DeliveryConfig } from './types.js';

/** Mail to people goes through the server's SMTP server (SMTP_URL, SMTP_FROM); links use PHAROS_PUBLIC_URL. */
export function deliveryConfig(env: NodeJS.ProcessEnv = process.env): DeliveryConfig {
  const { smtpUrl, smtpFrom, publicUrl } = loadIdentityConfig(env);
  return { smtpUrl, smtpFrom, publicUrl };
}
