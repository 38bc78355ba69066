import type { Role } from '@pharos/core';

/** Who is making a request: resolved by the access guard from a session or a bearer token. */
export interface Caller {
  personId: string;
  roles: Role[];
  /** Set when the token belongs to an agent: such a caller reaches only the agent's own push and pull routes. */
  agentId?: string;
  /** Organization mode: the organization the session works in, whose role `roles` holds. */
  organizationId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the access guard on every authenticated /api request. */
    caller?: Caller;
  }
}
