import { NOTIFICATION_EVENTS } from '@pharos/core';

/** Playbook runs ending: notified too (mission-control's playbook.run.* events). */
export const PLAYBOOK_RUN_EVENTS = ['playbook.run.completed', 'playbook.run.failed', 'playbook.run.cancelled', 'playbook.run.waiting'] as const;

/** Every event a notification can react to: spec 3 section 9, and the ends of playbook runs. */
export const NOTIFIED_EVENTS: readonly string[] = [...NOTIFICATION_EVENTS, ...PLAYBOOK_RUN_EVENTS];

/** The name the dispatcher records when delivery has taken an event. */
export const NOTIFICATIONS_CONSUMER = 'notifications';
