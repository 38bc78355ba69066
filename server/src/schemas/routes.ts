import { SPEC_SCHEMAS, SPEC_SCHEMA_NAMES, isSpecSchemaName } from '@pharos/core';
import type { FastifyPluginAsync } from 'fastify';
import { apiError } from '../errors.js';
import { answers } from '../http/route-schema.js';

const SUFFIX = '.schema.json';
export const SCHEMA_CONTENT_TYPE = 'application/schema+json; charset=utf-8';

/** Serialised once: the schemas are constants of this build. */
const BODIES: ReadonlyMap<string, string> = new Map(SPEC_SCHEMA_NAMES.map((name) => [name, JSON.stringify(SPEC_SCHEMAS[name])]));

const SCHEMA_SCHEMA = {
  tags: ['specs'],
  summary: 'JSON Schema of a spec editor',
  params: {
    type: 'object',
    required: ['file'],
    properties: { file: { type: 'string', description: `One of ${SPEC_SCHEMA_NAMES.map((name) => `${name}${SUFFIX}`).join(', ')}` } },
  },
  produces: ['application/schema+json'],
  response: answers({ 200: 'The JSON Schema', 401: 'Not signed in', 404: 'No schema of that name' }),
} as const;

/** `GET /api/schemas/{name}.schema.json`: the JSON Schemas the spec editors validate against. */
export const schemaRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { file: string } }>('/api/schemas/:file', { schema: SCHEMA_SCHEMA }, async (request, reply) => {
    const { file } = request.params;
    const name = file.endsWith(SUFFIX) ? file.slice(0, -SUFFIX.length) : undefined;
    const body = name !== undefined && isSpecSchemaName(name) ? BODIES.get(name) : undefined;
    if (body === undefined) {
      const known = SPEC_SCHEMA_NAMES.map((known) => `${known}${SUFFIX}`).join(', ');
      return reply.code(404).send(apiError('NOT_FOUND', `No schema named "${file}"; the schemas are ${known}`));
    }
    return reply.header('content-type', SCHEMA_CONTENT_TYPE).header('cache-control', 'no-cache').send(body);
  });
};
