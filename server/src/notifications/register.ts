import type { FastifyBaseLogger } from 'fastify';
import type { Engine } from '../engine/engine.js';
import { notificationEventHandler } from './consumer.js';
import { NOTIFICATIONS_CONSUMER, NOTIFIED_EVENTS } from './events.js';
import { RuleCache } from './rules.js';
import { NotificationSender, type SenderOptions } from './sender.js';
import type { NotificationOptions } from './types.js';

export interface NotificationDelivery {
  sender: NotificationSender;
  cache: RuleCache;
  /** Stops sending (the sends in hand finish). */
  stop(): Promise<void>;
}

/**
 * Notifications on the engine: a consumer of every event a rule can name, which writes the sends,
 * and the sender that delivers them (started here, stopped by `stop`).
 */
export function registerNotifications(
  engine: Pick<Engine, 'events'>,
  options: NotificationOptions & { logger: FastifyBaseLogger; sender?: Partial<SenderOptions>; rulesTtlMs?: number },
): NotificationDelivery {
  const cache = new RuleCache(options.pool, options.rulesTtlMs, options.secrets);
  const sender = new NotificationSender(options, cache, options.logger, options.sender);
  engine.events.onBatch(NOTIFIED_EVENTS, notificationEventHandler(options, cache, options.logger, () => sender.wake()), NOTIFICATIONS_CONSUMER);
  sender.start();
  return { sender, cache, stop: () => sender.stop() };
}
