/** Notification events, channels and their defaults (spec 3 §2.3, §3, §5, §9). */

export const NOTIFICATION_EVENTS = [
  'check.failed',
  'check.passed',
  'component.healthy',
  'component.unhealthy',
  'component.unknown',
  'component.warning',
  'config.created',
  'config.deleted',
  'config.healthy',
  'config.unhealthy',
  'config.unknown',
  'config.updated',
  'config.warning',
  'playbook.approval.inserted',
  'playbook.spec.approval.updated',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export const NOTIFICATION_CHANNEL_TYPES = [
  'discord',
  'email',
  'google_chat',
  'ifttt',
  'mattermost',
  'matrix',
  'ntfy',
  'opsgenie',
  'pushbullet',
  'pushover',
  'rocketchat',
  'slack',
  'teams',
  'telegram',
  'zulip_chat',
  'generic_webhook',
] as const;
export type NotificationChannelType = (typeof NOTIFICATION_CHANNEL_TYPES)[number];

export const EMAIL_CHANNEL_FIELDS = ['host', 'port', 'from', 'fromName', 'encryptionMethod', 'authMethod'] as const;

export const EMAIL_ENCRYPTION_OPTIONS = ['None', 'ExplicitTLS', 'ImplicitTLS', 'Auto'] as const;
export type EmailEncryption = (typeof EMAIL_ENCRYPTION_OPTIONS)[number];
export const EMAIL_AUTH_OPTIONS = ['None', 'Plain', 'CRAMMD5', 'Unknown', 'OAuth2'] as const;
export type EmailAuth = (typeof EMAIL_AUTH_OPTIONS)[number];

export const EMAIL_DEFAULTS = { port: 587, encryptionMethod: 'Auto', authMethod: 'Unknown' } as const;
export const OPSGENIE_DEFAULTS = { host: 'api.opsgenie.com', port: 443 } as const;
export const NTFY_DEFAULT_HOST = 'ntfy.sh';
export const GENERIC_WEBHOOK_DEFAULTS = {
  method: 'POST',
  contentType: 'application/json',
  messageKey: 'message',
  titleKey: 'title',
} as const;

export const NOTIFICATION_RECIPIENT_TYPES = ['Person', 'Team', 'Others'] as const;
export const NOTIFICATION_SCRIPT_TYPES = ['None', 'Go Template', 'Javascript', 'Expr', 'JSONPath'] as const;

/** Source of notifications created in the UI. */
export const UI_SOURCE = 'UI';

/** A notification is editable only when its source is UI or empty. */
export function isNotificationEditable(source: string | null | undefined): boolean {
  return source === null || source === undefined || source === '' || source === UI_SOURCE;
}
