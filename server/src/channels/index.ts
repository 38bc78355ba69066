export { CHANNEL_TYPES, emailTransport, sendMessage, SEND_TIMEOUT_MS } from './send.js';
export { ChannelError, type ChannelConnection, type Message } from './types.js';
