export { emailTransport, sendMessage, SEND_TIMEOUT_MS } from './send.js';
export { CHANNEL_TYPES } from './channel-types.js';
export { ChannelError, type ChannelConnection, type Message } from './types.js';
