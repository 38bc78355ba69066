import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type pg from 'pg';
import type { IdentityConfig } from './config.js';

export type TemplateType = 'verification_code' | 'recovery_code' | 'invite' | 'registration_attempt' | 'organization_invite';

export interface Email {
  to: string;
  subject: string;
  body: string;
  templateType: TemplateType;
  /**
   * What an operator needs to act on the message when no SMTP server is configured (the one-time
   * code, the link); logged in that case, and stored with the message.
   */
  templateData: Record<string, string>;
  /**
   * The one-time code in `body` and `templateData`: mailed (or logged without SMTP) but never
   * stored, so the outbox holds no usable code.
   */
  secret?: string;
}

const REDACTED = '[sent]';

/** The message as it is stored: without its secret. */
function storedForm(email: Email): { body: string; templateData: Record<string, string> } {
  const { secret } = email;
  if (!secret) return { body: email.body, templateData: email.templateData };
  return {
    body: email.body.replaceAll(secret, REDACTED),
    templateData: Object.fromEntries(Object.entries(email.templateData).map(([key, value]) => [key, value.replaceAll(secret, REDACTED)])),
  };
}

/**
 * Sends identity e-mails through SMTP (SMTP_URL) and records every message in courier_messages.
 * Without SMTP the message is only recorded and logged, so a fresh install still works.
 * Delivery runs in the background: the HTTP answer must not reveal (by its timing) whether an
 * address exists.
 */
export class Courier {
  /** The SMTP transport, made (and nodemailer loaded) at the first message; null without SMTP_URL. */
  private transport: Promise<Transporter> | null = null;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly config: Pick<IdentityConfig, 'smtpUrl' | 'smtpFrom'>,
    private readonly logger: FastifyBaseLogger,
  ) {}

  private transportOf(smtpUrl: string): Promise<Transporter> {
    return (this.transport ??= import('nodemailer').then((nodemailer) => nodemailer.default.createTransport(smtpUrl)));
  }

  async send(email: Email): Promise<void> {
    const stored = storedForm(email);
    const { rows } = await this.pool.query<{ id: string }>(
      `insert into courier_messages (recipient, subject, body, template_type, template_data, status)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [email.to, email.subject, stored.body, email.templateType, stored.templateData, this.config.smtpUrl ? 'queued' : 'logged'],
    );
    const id = rows[0]?.id;
    if (!id) throw new Error('Could not record the message');
    if (!this.config.smtpUrl) {
      this.logger.info(
        { courier_message_id: id, to: email.to, template: email.templateType, ...email.templateData },
        `e-mail not sent (SMTP_URL is not set): ${email.subject}`,
      );
      return;
    }
    const delivery = this.deliver(this.transportOf(this.config.smtpUrl), id, email).finally(() => this.pending.delete(delivery));
    this.pending.add(delivery);
  }

  private async deliver(transport: Promise<Transporter>, id: string, email: Email): Promise<void> {
    try {
      await (await transport).sendMail({ from: this.config.smtpFrom, to: email.to, subject: email.subject, text: email.body });
      await this.pool.query("update courier_messages set status = 'sent', send_count = send_count + 1 where id = $1", [id]);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn({ courier_message_id: id, to: email.to, template: email.templateType }, `e-mail delivery failed: ${message}`);
      await this.pool
        .query("update courier_messages set status = 'abandoned', send_count = send_count + 1, error = $2 where id = $1", [id, message])
        .catch(() => undefined);
    }
  }

  /** Waits for deliveries in flight (on shutdown). */
  async close(): Promise<void> {
    await Promise.allSettled([...this.pending]);
    (await this.transport?.catch(() => undefined))?.close();
  }
}
