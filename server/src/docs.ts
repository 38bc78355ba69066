import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';

const REPOSITORY_ROOT = new URL('../../', import.meta.url);

/** The project's own documents, readable from the console's docs menu; nothing else is served. */
const DOCUMENTS: Readonly<Record<string, URL>> = {
  'README.md': new URL('README.md', REPOSITORY_ROOT),
  'data-service.md': new URL('docs/data-service.md', REPOSITORY_ROOT),
};

export function docsRoutes(app: FastifyInstance): void {
  app.get<{ Params: { name: string } }>('/docs/:name', async (request, reply) => {
    const file = Object.hasOwn(DOCUMENTS, request.params.name) ? DOCUMENTS[request.params.name] : undefined;
    if (!file) return reply.code(404).send({ message: `No document named '${request.params.name}'` });
    try {
      return await reply.type('text/markdown; charset=utf-8').send(await readFile(file, 'utf8'));
    } catch {
      return reply.code(404).send({ message: `The document '${request.params.name}' is not part of this installation` });
    }
  });
}
