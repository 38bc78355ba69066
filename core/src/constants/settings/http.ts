/** HTTP choices of the health-check forms (spec 3 §9). */

export const HTTP_RESPONSE_CODES = [200, 201, 202, 204, 301, 302, 401, 404, 500, 502, 503] as const;

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Only POST and PUT take a body. */
export function httpMethodHasBody(method: HttpMethod): boolean {
  return method === 'POST' || method === 'PUT';
}
