/** Base of the identity service (Ory Kratos's public API). */
export const ORY_PATH = '/api/.ory';
