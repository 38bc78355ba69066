import { SERVICES } from './services.js';

/** Every channel a message can go out on: the services, and email through SMTP. */
export const CHANNEL_TYPES = [...Object.keys(SERVICES), 'email'].sort();

/** The connection types of the services (an email connection is tested apart, by logging in to its SMTP server). */
export const CHANNEL_CONNECTION_TYPES: readonly string[] = CHANNEL_TYPES.filter((type) => type !== 'email');
