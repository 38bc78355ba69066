import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../auth/identity/sessions.js';
import { VERSION } from '../version.js';
import { isCheckedInCode } from './route-schema.js';

export const OPENAPI_PATH = '/api/openapi.json';

const CHECKED_IN_CODE_NOTE =
  'The server checks this request in its own code, whose messages name the field (or line) at fault; the request schemas here describe it and are not enforced as written.';

/** The data service documents itself (PostgREST's conventions, docs/data-service.md); the web app and its assets are no API. */
function isDocumented(url: string): boolean {
  return url.startsWith('/api/') && url !== '/api/db' && !url.startsWith('/api/db/');
}

type Operation = { requestBody?: { required?: boolean }; 'x-body-optional'?: boolean };

/** Operations marked `x-body-optional` (BODY_OPTIONAL) have a request body that may be left out. */
function withOptionalBodies<Document extends { paths?: object }>(document: Document): Document {
  for (const operations of Object.values(document.paths ?? {}) as Record<string, Operation>[]) {
    for (const operation of Object.values(operations)) {
      if (operation['x-body-optional'] && operation.requestBody) operation.requestBody.required = false;
    }
  }
  return document;
}

/**
 * Collects every route registered after it, with its JSON schemas, into an OpenAPI 3 document
 * served at `GET /api/openapi.json`. Register before the routes.
 *
 * A route with the options `CHECKED_IN_CODE` keeps its own input checks (Fastify does not validate
 * its params, query or body against its schema): the document marks the operation with
 * `x-checked-in-code: true` and says so in its description.
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
    transform: ({ schema, url, route }) => {
      if (!isDocumented(url)) return { schema: { ...schema, hide: true }, url };
      if (!isCheckedInCode(route.config)) return { schema, url };
      const description = [schema?.description, CHECKED_IN_CODE_NOTE].filter(Boolean).join('\n\n');
      return { schema: { ...schema, description, 'x-checked-in-code': true }, url };
    },
    transformObject: (document) => withOptionalBodies('openapiObject' in document ? document.openapiObject : document.swaggerObject),
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
