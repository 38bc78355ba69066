/** Notification (spec 3 section 3): events to react to, an optional CEL filter and its recipients. */
import { NOTIFICATION_EVENTS } from '../constants/settings/notifications.js';
import { REPEAT_INTERVALS } from '../constants/settings/schedules.js';
import { CONNECTION_REF, NON_EMPTY_STRING } from './common.js';
import { JSON_SCHEMA_DRAFT, STRING_MAP, arrayOf, type JsonSchema } from './json-schema.js';

const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

const CUSTOM_SERVICE: JsonSchema = {
  type: 'object',
  required: ['name'],
  properties: {
    name: NON_EMPTY_STRING,
    connection: CONNECTION_REF,
    url: { type: 'string', description: 'Service URL, when no connection is given' },
    properties: STRING_MAP,
  },
  additionalProperties: true,
};

export const NOTIFICATION_SCHEMA: JsonSchema = {
  $schema: JSON_SCHEMA_DRAFT,
  title: 'Notification',
  description: 'Events to notify about, an optional filter and who receives them',
  type: 'object',
  required: ['events'],
  properties: {
    name: { type: 'string' },
    namespace: { type: 'string', default: 'default' },
    title: { type: 'string' },
    events: arrayOf({ type: 'string', minLength: 1, examples: NOTIFICATION_EVENTS }, { minItems: 1, uniqueItems: true }),
    filter: { type: 'string', description: 'CEL expression; the notification is sent when it is true' },
    person_id: { type: 'string', pattern: UUID_PATTERN },
    team_id: { type: 'string', pattern: UUID_PATTERN },
    custom_services: arrayOf(CUSTOM_SERVICE),
    repeat_interval: { type: 'string', examples: REPEAT_INTERVALS },
    group_by_topology: { type: 'boolean', description: 'Group dependent failures under their root: while a component is unhealthy, failures of its descendants are sent as one message naming it' },
    group_window: { type: 'string', examples: ['1m', '5m', '15m'], description: 'How long a group holds failures before its message is sent (default 5m)' },
    template: { type: 'string', description: 'Markdown body' },
    properties: STRING_MAP,
  },
  additionalProperties: true,
};
