import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../auth/identity/sessions.js';
import { VERSION } from '../version.js';

export const OPENAPI_PATH = '/api/openapi.json';

/** The data service documents itself (PostgREST's conventions, docs/data-service.md); the web app and its assets are no API. */
function isDocumented(url: string): boolean {
  return url.startsWith('/api/') && url !== '/api/db' && !url.startsWith('/api/db/');
}

/**
 * Collects every route registered after it, with its JSON schemas, into an OpenAPI 3 document
 * served at `GET /api/openapi.json`. Register before the routes.
 */
export async function installOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Pharos API', version: VERSION, description: 'The HTTP API of Pharos besides the data service at /api/db.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'An access token from `pharos token create` or the console' },
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        },
      },
      security: [{ bearer: [] }, { session: [] }],
    },
    transform: ({ schema, url }) => ({ schema: isDocumented(url) ? schema : { ...schema, hide: true }, url }),
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
