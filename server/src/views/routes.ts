import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { authorize, RouteError, routeErrorHandler } from '../http/route-access.js';
import { answers, CHECKED_IN_CODE, REFUSALS, uuidParams } from '../http/route-schema.js';
import { screenResourceOf } from './screen-resources.js';

export interface ViewRoutesOptions {
  pool: pg.Pool;
}

/** A saved view as GET /api/views/{id} answers it to whoever opens its link. */
export interface SharedView {
  id: string;
  name: string;
  /** The screen's path and its query string (filters, sort, `columns`), without '?'. */
  path: string;
  search: string;
  owner: { id: string; name: string | null };
  /** True when the caller saved it: only then may they change it. */
  own: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Saved views live in each person's `views.*` preferences, as arrays of {id, name, path, search}.
const FIND = `select p.person_id::text as owner_id, pe.name as owner_name, v ->> 'name' as name, v ->> 'path' as path, v ->> 'search' as search
                from person_preferences p
                join people pe on pe.id = p.person_id
                cross join lateral jsonb_array_elements(p.value) as v
               where p.key like 'views.%' and jsonb_typeof(p.value) = 'array'
                 and p.value @> jsonb_build_array(jsonb_build_object('id', $1::text)) and v ->> 'id' = $1
               limit 1`;

const VIEW_SCHEMA = {
  tags: ['shell'],
  summary: "A person's saved view, for whoever opens its link and may read its screen",
  params: uuidParams('id'),
  response: answers({ 200: 'The view: {id, name, path, search, owner, own}', 400: 'The id is not a UUID', 401: REFUSALS[401], 403: 'The caller may not read the view’s screen', 404: 'No such view' }),
} as const;

/** GET /api/views/{id}: one person's saved view, for another who opens its `?view=` link and may read its screen. */
export const viewRoutes: FastifyPluginAsync<ViewRoutesOptions> = async (app, { pool }) => {
  app.setErrorHandler(routeErrorHandler);

  app.get<{ Params: { id: string } }>('/api/views/:id', { schema: VIEW_SCHEMA, ...CHECKED_IN_CODE }, async (request): Promise<SharedView> => {
    const id = request.params.id.toLowerCase();
    if (!UUID.test(id)) throw new RouteError(400, 'BAD_REQUEST', `A view id is a UUID; '${request.params.id}' is not one`);
    const { rows } = await pool.query<{ owner_id: string; owner_name: string | null; name: string | null; path: string | null; search: string | null }>(FIND, [id]);
    const found = rows[0];
    if (!found) throw new RouteError(404, 'NOT_FOUND', `No saved view has the id ${id}; its owner may have deleted it`);
    const resource = typeof found.path === 'string' ? screenResourceOf(found.path) : undefined;
    if (!resource) throw new RouteError(404, 'NOT_FOUND', `The saved view ${id} is of no screen Pharos has`);
    const caller = authorize(request, resource, 'read');
    return {
      id,
      name: found.name ?? '',
      path: found.path!,
      search: found.search ?? '',
      owner: { id: found.owner_id, name: found.owner_name },
      own: caller.personId === found.owner_id,
    };
  });
};
