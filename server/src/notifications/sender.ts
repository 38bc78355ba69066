import type { FastifyBaseLogger } from 'fastify';
import { sendMessage } from '../channels/index.js';
import { CoalescedRun } from '../workers/coalesced-run.js';
import { rememberedOrigin } from '../system/remembered-origin.js';
import { closeDueGroups } from './grouping/close-groups.js';
import { settleDue } from './grouping/settle.js';
import { channelOf, targetsOf } from './recipients.js';
import type { RuleCache } from './rules.js';
import type { NotificationOptions } from './types.js';

export interface SenderOptions {
  /** How often to look for due sends besides being woken (sends retried later, other processes' sends). */
  pollIntervalMs: number;
  /** Sends claimed at once. */
  batchSize: number;
  /** Sends in flight at once. */
  concurrency: number;
  /** Attempts before a send is failed for good. */
  maxAttempts: number;
  /** Wait after the first failed attempt; doubled after each next one. */
  retryBaseMs: number;
  /** How long a claimed send is left to this process before another may take it (a crash mid-send). */
  leaseMs: number;
}

export const DEFAULT_SENDER_OPTIONS: SenderOptions = {
  pollIntervalMs: 1_000,
  batchSize: 100,
  concurrency: 16,
  maxAttempts: 4,
  retryBaseMs: 5_000,
  leaseMs: 60_000,
};

interface DueSend {
  id: string;
  notification_id: string;
  recipient: string;
  title: string | null;
  body: string | null;
  attempts: number;
}

/**
 * Delivers pending sends: claims due ones (a lease in next_attempt_at, with SKIP LOCKED, so several
 * processes share them), sends each through its channel, and records sent with its duration, or the
 * error and a next attempt with exponential backoff, failed after `maxAttempts`. Before each round
 * it settles the topology groups that are due, whose grouped or released sends it then delivers.
 */
export class NotificationSender {
  private readonly options: SenderOptions;
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private readonly drains = new CoalescedRun(
    () => this.drain(),
    (error: unknown) => this.logger.error({ err: error }, 'notification delivery failed'),
    () => !this.stopped,
  );

  constructor(
    private readonly notifications: NotificationOptions,
    private readonly cache: RuleCache,
    private readonly logger: FastifyBaseLogger,
    options: Partial<SenderOptions> = {},
  ) {
    this.options = { ...DEFAULT_SENDER_OPTIONS, ...options };
  }

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), this.options.pollIntervalMs);
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.drains.settled();
  }

  wake(): void {
    this.drains.wake();
  }

  private async drain(): Promise<void> {
    try {
      const publicUrl = this.notifications.delivery.publicUrl ?? (await rememberedOrigin(this.notifications.pool));
      // settled failures first, so that one joining a group whose window closes now is in its message
      await settleDue(this.notifications.pool);
      await closeDueGroups(this.notifications.pool, publicUrl);
    } catch (error) {
      // the groups are settled on the next round; sends already due still go out
      this.logger.error({ err: error }, 'settling notification groups failed');
    }
    while (!this.stopped) {
      const due = await this.claim();
      if (due.length === 0) return;
      let next = 0;
      const worker = async () => {
        while (next < due.length) await this.deliver(due[next++]!);
      };
      await Promise.all(Array.from({ length: Math.min(this.options.concurrency, due.length) }, worker));
      if (due.length < this.options.batchSize) return;
    }
  }

  private async claim(): Promise<DueSend[]> {
    const { rows } = await this.notifications.pool.query<DueSend>(
      `update notification_send_history h set next_attempt_at = now() + make_interval(secs => $2::float8)
        where h.id in (select id from notification_send_history
                        where status = 'pending' and next_attempt_at <= now()
                        order by next_attempt_at limit $1 for update skip locked)
        returning h.id, h.notification_id, h.recipient, h.title, h.body, h.attempts`,
      [this.options.batchSize, this.options.leaseMs / 1000],
    );
    return rows;
  }

  private async deliver(send: DueSend): Promise<void> {
    const started = performance.now();
    try {
      const rule = await this.cache.rule(send.notification_id);
      if (!rule) throw new Error('the notification was deleted');
      const target = targetsOf(rule).find((candidate) => candidate.key === send.recipient);
      if (!target) throw new Error(`${send.recipient} is no longer a recipient of the notification`);
      const { channel, properties } = await channelOf(target, rule, this.notifications);
      await sendMessage(channel, { title: send.title ?? '', body: send.body ?? '', properties });
      await this.notifications.pool.query(
        `update notification_send_history set status = 'sent', attempts = attempts + 1, error = null, duration_millis = $2, next_attempt_at = null where id = $1`,
        [send.id, Math.round(performance.now() - started)],
      );
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
      const attempts = send.attempts + 1;
      const final = attempts >= this.options.maxAttempts;
      this.logger.warn({ send_id: send.id, notification_id: send.notification_id, attempts }, `notification send failed: ${message}`);
      await this.notifications.pool.query(
        `update notification_send_history
            set attempts = $2, error = $3, duration_millis = $4, status = $5,
                next_attempt_at = case when $5 = 'pending' then now() + make_interval(secs => $6::float8) end
          where id = $1`,
        [send.id, attempts, message, Math.round(performance.now() - started), final ? 'failed' : 'pending', (this.options.retryBaseMs * 2 ** send.attempts) / 1000],
      );
    }
  }
}
